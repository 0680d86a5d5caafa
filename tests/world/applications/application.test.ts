// @vitest-environment happy-dom
/**
 * Contract tests of the test world's ApplicationV2, HandlebarsApplicationMixin, DialogV2 and
 * FormDataExtended against Foundry v13's behaviour (sources cited in each module).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApplicationV2, configureTemplates, DialogV2, FormDataExtended, HandlebarsApplicationMixin, type RenderOptions } from "./index";
import { installAppGlobals, type AppTestGlobals } from "./test-globals";
import { setTransitionTimeout, transitionTimeout } from "./registry";

let g: AppTestGlobals;

const TEMPLATES: Record<string, string> = {
  "systems/test/a.hbs": `<div class="a">A {{count}} {{partId}}</div>`,
  "systems/test/b.hbs": `<div class="b"><input name="system.n" type="number" value="{{count}}"></div>`,
  "systems/test/tabs.hbs": `<nav class="tabs">{{#each tabs}}<a data-action="tab" data-group="{{group}}" data-tab="{{id}}" class="{{cssClass}}"><span>{{id}}</span></a>{{/each}}</nav>`,
  "systems/test/two.hbs": `<div></div><div></div>`,
};

const CORE_TRANSITION_MS = transitionTimeout();

beforeEach(() => {
  setTransitionTimeout(10);
  document.body.innerHTML = "";
  g = installAppGlobals();
  configureTemplates({ read: (path) => { if (!(path in TEMPLATES)) throw new Error(`no template ${path}`); return TEMPLATES[path]; } });
});

afterEach(() => {
  setTransitionTimeout(CORE_TRANSITION_MS);
  document.body.innerHTML = "";
});

const calls: string[] = [];

class Base extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: object = {
    classes: ["base"],
    window: { title: "CLOCKWORK.Sheet.Sections", resizable: true },
    position: { width: 300 },
    actions: { count: Base.#onCount, right: { handler: Base.#onRight, buttons: [2] } },
  };

  static override PARTS: Record<string, { template: string }> = {
    a: { template: "systems/test/a.hbs" },
    b: { template: "systems/test/b.hbs" },
  };

  count = 1;

  seen: { self: unknown; event: unknown; target: unknown } | null = null;

  static #onCount(this: Base, event: PointerEvent, target: HTMLElement): void {
    this.seen = { self: this, event, target };
  }

  static #onRight(this: Base): void {
    calls.push("right");
  }

  protected override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    calls.push("prepareContext");
    return { ...(await super._prepareContext(options)), count: this.count };
  }

  protected override async _preparePartContext(partId: string, context: Record<string, unknown>, options: RenderOptions): Promise<Record<string, unknown>> {
    calls.push(`part:${partId}`);
    return super._preparePartContext(partId, context, options);
  }

  protected override async _onFirstRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    calls.push("onFirstRender");
    await super._onFirstRender(context, options);
  }

  protected override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    calls.push("onRender");
    await super._onRender(context, options);
  }
}

class Child extends Base {
  static override DEFAULT_OPTIONS: object = {
    id: "child-{id}",
    classes: ["child"],
    window: { icon: "fa-solid fa-gear" },
    position: { width: 500 },
  };
}

describe("options", () => {
  it("merge DEFAULT_OPTIONS up the class chain: arrays concatenate, objects merge, values replace", () => {
    const app = new Child({ classes: ["given"], window: { title: "T" } });
    expect(app.options.classes).toEqual(["application", "base", "child", "given"]);
    expect(app.options.window).toMatchObject({ title: "T", icon: "fa-solid fa-gear", resizable: true, frame: true, contentTag: "section" });
    expect(app.options.position).toEqual({ width: 500, height: "auto" });
    expect(Object.keys(app.options.actions)).toEqual(["count", "right"]);
    expect(app.id).toMatch(/^child-\d+$/);
    expect(Object.isFrozen(app.options)).toBe(true);
  });

  it("give each instance its own copies", () => {
    const a = new Child();
    const b = new Child();
    a.options.classes.push("mutated");
    expect(b.options.classes).not.toContain("mutated");
  });
});

describe("render", () => {
  it("does nothing on a first render without force", async () => {
    const app = new Child();
    await app.render();
    expect(app.rendered).toBe(false);
    expect(document.querySelector(`#${app.id}`)).toBeNull();
  });

  it("builds the frame, renders every part and runs the life cycle in order, with hooks for each class", async () => {
    calls.length = 0;
    const app = new Child();
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
    expect(app.element.classList.contains("application")).toBe(true);
    expect(app.element.querySelector(".window-title")?.textContent).toBe("Sheet sections");
    expect(calls).toEqual(["prepareContext", "part:a", "part:b", "onFirstRender", "onRender"]);
    const parts = [...app.element.querySelectorAll("[data-application-part]")].map((e) => (e as HTMLElement).dataset.applicationPart);
    expect(parts).toEqual(["a", "b"]);
    expect(app.element.querySelector(".a")?.textContent).toBe(`A 1 ${app.id}-a`);
    const renderHooks = g.hooks.filter((h) => h.name.startsWith("render")).map((h) => h.name);
    expect(renderHooks).toEqual(["renderChild", "renderBase", "renderHandlebarsApplication", "renderApplicationV2"]);
    expect(document.body.contains(app.element)).toBe(true);
  });

  it("re-renders only the requested parts and keeps the others' elements", async () => {
    const app = new Child();
    await app.render({ force: true });
    const a = app.element.querySelector(".a");
    const b = app.element.querySelector(".b");
    app.count = 7;
    calls.length = 0;
    await app.render({ parts: ["b"] });
    expect(calls).toEqual(["prepareContext", "part:b", "onRender"]);
    expect(app.element.querySelector(".a")).toBe(a);
    expect(app.element.querySelector(".b")).not.toBe(b);
    expect(app.element.querySelector<HTMLInputElement>(".b input")?.value).toBe("7");
    expect(app.element.querySelector(".a")?.textContent).toContain("A 1");
  });

  it("refuses a part template that renders more than one element", async () => {
    class Two extends HandlebarsApplicationMixin(ApplicationV2) {
      static override PARTS = { two: { template: "systems/test/two.hbs" } };
    }
    await expect(new Two().render({ force: true })).rejects.toThrow(/must render a single HTML element/);
  });

  it("turns a _canRender error into a warning", async () => {
    class Private extends Child {
      protected override _canRender(): void {
        throw new Error("You may not see this");
      }
    }
    const app = await new Private().render({ force: true });
    expect(app.rendered).toBe(false);
    expect(g.notifications).toEqual([{ type: "warn", message: "You may not see this" }]);
  });

  it("serializes renders: two calls without awaiting render twice, in order", async () => {
    const app = new Child();
    calls.length = 0;
    const first = app.render({ force: true });
    const second = app.render();
    await Promise.all([first, second]);
    expect(calls.filter((c) => c === "prepareContext")).toHaveLength(2);
    expect(calls.filter((c) => c === "onFirstRender")).toHaveLength(1);
  });
});

describe("actions", () => {
  it("call the handler with this bound to the app and (event, target) from the nearest [data-action]", async () => {
    class Clicky extends Base {
      static override PARTS: Record<string, { template: string }> = { a: { template: "systems/test/click.hbs" } };
    }
    TEMPLATES["systems/test/click.hbs"] = `<div><button type="button" data-action="count" data-x="1"><i class="inner-icon"></i></button><a data-action="unknown">?</a></div>`;
    const app = new Clicky();
    await app.render({ force: true });
    const icon = app.element.querySelector<HTMLElement>(".inner-icon")!;
    icon.click();
    expect(app.seen?.self).toBe(app);
    expect(app.seen?.target).toBe(app.element.querySelector("[data-action=count]"));
    expect((app.seen?.event as Event).type).toBe("click");
  });

  it("only call a handler for the buttons it declares", async () => {
    class Clicky extends Base {
      static override PARTS: Record<string, { template: string }> = { a: { template: "systems/test/right.hbs" } };
    }
    TEMPLATES["systems/test/right.hbs"] = `<div><a data-action="right">r</a></div>`;
    const app = new Clicky();
    await app.render({ force: true });
    calls.length = 0;
    const link = app.element.querySelector<HTMLElement>("[data-action=right]")!;
    link.click();
    expect(calls).toEqual([]);
    link.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, button: 2 }));
    expect(calls).toEqual(["right"]);
  });

  it("close through the header button: minimizing, the transition wait, then gone and the close event", async () => {
    setTransitionTimeout(20);
    const app = new Child();
    await app.render({ force: true });
    const closed: string[] = [];
    const gone = new Promise<void>((resolve) => app.addEventListener("close", () => { closed.push("event"); resolve(); }));
    const element = app.element;
    element.querySelector<HTMLElement>("[data-action=close]")!.click();
    await new Promise((r) => setTimeout(r, 0));
    // Core keeps the window during its transition (up to 1000 ms): still there, closing.
    expect(app.state).toBe(ApplicationV2.RENDER_STATES.CLOSING);
    expect(element.classList.contains("minimizing")).toBe(true);
    expect(document.getElementById(app.id)).toBe(element);
    expect(closed).toEqual([]);
    await gone;
    expect(app.rendered).toBe(false);
    expect(document.getElementById(app.id)).toBeNull();
    expect(closed).toEqual(["event"]);
    expect(g.hooks.map((h) => h.name)).toContain("closeChild");
  });

  it("close ends at the element's transitionend before the timeout, and at once with animate: false", async () => {
    setTransitionTimeout(60_000);
    const app = new Child();
    await app.render({ force: true });
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 0));
    expect(app.state).toBe(ApplicationV2.RENDER_STATES.CLOSING);
    app.element.dispatchEvent(new Event("transitionend"));
    await closing;
    expect(app.state).toBe(ApplicationV2.RENDER_STATES.CLOSED);
    await app.render({ force: true });
    await app.close({ animate: false });
    expect(document.getElementById(app.id)).toBeNull();
  });
});

describe("header controls", () => {
  it("come from the getHeaderControls hooks of every class; the toggle opens the menu, a chosen control runs and closes it", async () => {
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks;
    const original = hooks.callAll;
    hooks.callAll = (name: string, ...args: unknown[]) => {
      if (name === "getHeaderControlsBase") (args[1] as object[]).push({ icon: "fa-solid fa-star", label: "Extra", action: "count" });
      return original(name, ...args);
    };
    try {
      const app = new Child();
      await app.render({ force: true });
      expect(g.hooks.map((h) => h.name).filter((n) => n.startsWith("getHeaderControls"))).toEqual(
        expect.arrayContaining(["getHeaderControlsChild", "getHeaderControlsBase", "getHeaderControlsApplicationV2"]),
      );
      const menu = app.element.querySelector<HTMLElement>(".controls-dropdown")!;
      expect([...menu.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Extra"]);
      app.element.querySelector<HTMLElement>("[data-action=toggleControls]")!.click();
      expect(menu.classList.contains("expanded")).toBe(true);
      menu.querySelector<HTMLElement>("li button")!.click();
      expect(menu.classList.contains("expanded")).toBe(false);
      expect(app.seen?.self).toBe(app);
    } finally {
      hooks.callAll = original;
    }
  });
});

describe("tabs", () => {
  class Tabbed extends HandlebarsApplicationMixin(ApplicationV2) {
    static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }], initial: "one", labelPrefix: "X" } };

    static override PARTS: Record<string, { template: string }> = {
      tabs: { template: "systems/test/tabs.hbs" },
      one: { template: "systems/test/tab-one.hbs" },
      two: { template: "systems/test/tab-two.hbs" },
    };
  }

  beforeEach(() => {
    TEMPLATES["systems/test/tab-one.hbs"] = `<section class="tab {{tabs.one.cssClass}}" data-group="primary" data-tab="one">1</section>`;
    TEMPLATES["systems/test/tab-two.hbs"] = `<section class="tab {{tabs.two.cssClass}}" data-group="primary" data-tab="two">2</section>`;
  });

  it("prepare the single group's tabs into the context and start on the initial tab", async () => {
    const app = new Tabbed();
    await app.render({ force: true });
    expect(app.tabGroups).toEqual({ primary: "one" });
    expect(app.element.querySelector("section[data-tab=one]")?.classList.contains("active")).toBe(true);
    expect(app.element.querySelector("section[data-tab=two]")?.classList.contains("active")).toBe(false);
  });

  it("change on a click of the tab link itself, and not on a click of an element inside it (core reads event.target)", async () => {
    const app = new Tabbed();
    await app.render({ force: true });
    app.element.querySelector<HTMLElement>("a[data-tab=two] span")!.click();
    expect(app.tabGroups.primary).toBe("one");
    app.element.querySelector<HTMLElement>("a[data-tab=two]")!.click();
    expect(app.tabGroups.primary).toBe("two");
    expect(app.element.querySelector("section[data-tab=two]")?.classList.contains("active")).toBe(true);
    expect(app.element.querySelector("a[data-tab=one]")?.classList.contains("active")).toBe(false);
  });

  it("change through changeTab and through render({tab})", async () => {
    const app = new Tabbed();
    await app.render({ force: true });
    app.changeTab("two", "primary");
    expect(app.element.querySelector("section[data-tab=two]")?.classList.contains("active")).toBe(true);
    await app.render({ tab: "one" });
    expect(app.tabGroups.primary).toBe("one");
    expect(() => app.changeTab("three", "primary")).toThrow(/No matching tab/);
  });
});

describe("forms", () => {
  const submitted: unknown[] = [];

  class Form extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS: object = {
      tag: "form",
      form: { handler: Form.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    };

    static override PARTS = { b: { template: "systems/test/b.hbs" } };

    static fail = false;

    static async #onSubmit(this: Form, _event: Event, form: HTMLFormElement, formData: FormDataExtended): Promise<void> {
      if (Form.fail) throw new Error("refused");
      submitted.push({ self: this === app, form: form === this.element, data: formData.object });
    }
  }

  let app: Form;

  beforeEach(async () => {
    submitted.length = 0;
    Form.fail = false;
    app = new Form();
    await app.render({ force: true });
  });

  it("submit on change with the form's typed data and this bound", async () => {
    const input = app.element.querySelector<HTMLInputElement>("input")!;
    input.value = "12";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(submitted).toEqual([{ self: true, form: true, data: { "system.n": 12 } }]);
  });

  it("show a handler error as an error notification and stay open", async () => {
    Form.fail = true;
    app.element.dispatchEvent(new Event("submit", { cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(g.notifications).toHaveLength(1);
    expect(g.notifications[0].type).toBe("error");
    expect(app.rendered).toBe(true);
  });

  it("submit programmatically through submit()", async () => {
    await app.submit();
    expect(submitted).toHaveLength(1);
  });
});

describe("FormDataExtended", () => {
  it("casts like core: numbers, empty numbers, checkboxes, radio groups, multi-selects, dtype, disabled skipped", () => {
    const form = document.createElement("form");
    form.innerHTML = `
      <input name="n" type="number" value="3"><input name="empty" type="number" value="">
      <input name="on" type="checkbox" checked><input name="valued" type="checkbox" value="x">
      <input name="r" type="radio" value="a"><input name="r" type="radio" value="b" checked>
      <select name="m" multiple><option value="1" selected>1</option><option value="2">2</option><option value="3" selected>3</option></select>
      <input name="typed" value="5" data-dtype="Number"><input name="text" value="hello">
      <input name="off" value="no" disabled><input name="ro" value="kept" readonly>
      <button name="btn" value="b">b</button>`;
    document.body.append(form);
    expect(new FormDataExtended(form).object).toEqual({
      n: 3, empty: null, on: true, valued: null, r: "b", m: ["1", "3"], typed: 5, text: "hello", ro: "kept",
    });
  });
});

describe("DialogV2", () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));
  // A dialog answers when clicked, then closes with core's transition: wait until it is gone.
  const closed = () => vi.waitFor(() => expect(document.querySelector("dialog")).toBeNull());

  it("wait resolves the clicked button's callback result, reading the form through button.form", async () => {
    const result = DialogV2.wait({
      window: { title: "Pick" },
      content: `<input name="pick" value="left">`,
      buttons: [
        { action: "ok", label: "OK", callback: (_e, button) => new FormDataExtended(button.form as HTMLFormElement).object },
        { action: "cancel", label: "Cancel" },
      ],
    });
    await flush();
    const dialog = document.querySelector("dialog.dialog") as HTMLElement;
    expect(dialog.querySelector(".window-title")?.textContent).toBe("Pick");
    dialog.querySelector<HTMLElement>("button[data-action=ok]")!.click();
    await expect(result).resolves.toEqual({ pick: "left" });
    await closed();
  });

  it("wait resolves the action name without a callback, and null when closed", async () => {
    const named = DialogV2.wait({ content: "x", buttons: [{ action: "cancel", label: "Cancel" }] });
    await flush();
    document.querySelector<HTMLElement>("dialog button[data-action=cancel]")!.click();
    await expect(named).resolves.toBe("cancel");
    await closed();

    const dismissed = DialogV2.wait({ content: "x", buttons: [{ action: "ok", label: "OK" }] });
    await flush();
    document.querySelector<HTMLElement>("dialog [data-action=close]")!.click();
    await expect(dismissed).resolves.toBeNull();
    await closed();
  });

  it("confirm answers true for yes, false for no; prompt resolves its button", async () => {
    const yes = DialogV2.confirm({ content: "sure?" });
    await flush();
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("dialog footer button")];
    expect(buttons.map((b) => b.dataset.action)).toEqual(["yes", "no"]);
    expect(buttons[1].hasAttribute("autofocus")).toBe(true);
    buttons[0].click();
    await expect(yes).resolves.toBe(true);
    await closed();

    const no = DialogV2.confirm({ content: "sure?" });
    await flush();
    document.querySelector<HTMLElement>("dialog button[data-action=no]")!.click();
    await expect(no).resolves.toBe(false);
    await closed();

    const ok = DialogV2.prompt({ content: "fine" });
    await flush();
    document.querySelector<HTMLElement>("dialog button[data-action=ok]")!.click();
    await expect(ok).resolves.toBe("ok");
    // A close still under way when the file ends would dispatch into a torn-down page.
    await closed();
  });

  it("refuses a dialog without buttons", () => {
    expect(() => new DialogV2({ content: "x" })).toThrow(/at least one entry/);
  });
});
