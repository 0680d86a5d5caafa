Hooks.once("init", () => {
  console.log("ClockWork | init");
});
