/** Macros and the hotbar. */
import type { ContractCheck } from "../types";
import { NAME, ensure, game, same, scratch } from "./support";

export const macroChecks: ContractCheck[] = [
  {
    id: "macros.script-execute",
    behaviour: "Macros and the hotbar",
    title: "A script macro is its author's, can execute, and runs with speaker, actor, token, character, scope and the scope's names",
    source: "client/documents/macro.mjs canExecute, execute, #executeScript; common/documents/macro.mjs _preCreate",
    async run(context) {
      const macro = await scratch(context, "Macro", { name: NAME, type: "script", command: "return [x + scope.x, typeof speaker, actor?.name ?? null];" });
      same("author", macro.author?.id, game().user.id);
      same("canExecute", macro.canExecute, true);
      const actor = await scratch(context, "Actor", { name: NAME, type: "npc" });
      same("execute({x: 2, actor})", await macro.execute({ x: 2, actor }), [4, "object", NAME]);
    },
  },
  {
    id: "macros.hotbar",
    behaviour: "Macros and the hotbar",
    title: "assignHotbarMacro fills a slot (1-50) and null empties it; getHotbarMacros(page) lists a page's ten slots",
    source: "client/documents/user.mjs assignHotbarMacro, getHotbarMacros",
    async run(context) {
      const user = game().user;
      const macro = await scratch(context, "Macro", { name: NAME, type: "script", command: "" });
      let slot = 50;
      while (slot > 0 && String(slot) in user.hotbar) slot--;
      ensure(slot > 0, "a free hotbar slot", "all fifty taken");
      await user.assignHotbarMacro(macro, slot);
      try {
        same("hotbar slot", user.hotbar[slot], macro.id);
        const page = Math.ceil(slot / 10);
        const entries = user.getHotbarMacros(page) as { slot: number; macro: { id: string } | null }[];
        same("page slots", entries.map((e) => e.slot), Array.from({ length: 10 }, (_, i) => (page - 1) * 10 + i + 1));
        same("the macro in its slot", entries.find((e) => e.slot === slot)?.macro?.id, macro.id);
      } finally {
        await user.assignHotbarMacro(null, slot);
      }
      same("the slot after emptying it", String(slot) in user.hotbar, false);
    },
  },
];
