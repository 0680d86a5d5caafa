// @vitest-environment happy-dom
/**
 * The combat tracker shows initiative as gains (issue 21 item 4): the system's tracker
 * (CONFIG.ui.combat, src/combat/tracker/tracker-app.ts) prepares each turn with the gains, on
 * core's tracker and its row markup (the test world's CombatTracker: `input.initiative-input`,
 * decimals as soon as one turn has them). Stored initiatives carry a tie-break fraction (5.33);
 * no row may show it, in either profile.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDomWorld } from "../../world/applications/dom-world";
import { as, combatOn, createFight, type Fight } from "../world-setup";

let fight: Fight | null = null;
afterEach(() => {
  fight?.world.close();
  fight = null;
  document.body.innerHTML = "";
});

interface TrackerApp {
  element: HTMLElement;
  render(options: object): Promise<unknown>;
  close(options?: object): Promise<unknown>;
}

/** The tracker of one client: CONFIG.ui.combat as that client configured it, rendered. */
async function renderTracker(f: Fight, client: Fight["gm"]): Promise<TrackerApp> {
  return f.world.as(client, async () => {
    const Tracker = (client.CONFIG as unknown as { ui: { combat: new () => TrackerApp } }).ui.combat;
    const app = new Tracker();
    await app.render({ force: true });
    return app;
  });
}

const shown = (app: TrackerApp) => Object.fromEntries([...app.element.querySelectorAll<HTMLElement>("li.combatant")].map((li) => [
  li.querySelector(".name")?.textContent ?? "",
  li.querySelector<HTMLInputElement>(".initiative-input")?.value ?? null,
]));

describe.each(["v13", "v14"] as const)("the tracker (%s profile)", (profile) => {
  it("shows each combatant's gains, never the stored tie-break fraction", { timeout: 60_000 }, async () => {
    fight = await createFight({ world: () => createDomWorld({ profile }), initiative: { ada: 5.33, bo: 5.2, gob: 3, orc: 12.5 } });
    const f = fight;
    const stored = combatOn(f.gm, f.combatId).turns.map((c) => c.initiative);
    expect(stored.some((i) => !Number.isInteger(i))).toBe(true);
    // Core's own tracker would show the stored value, with decimals.
    const core = await f.world.as(f.gm, async () => {
      const Core = (foundry.applications as unknown as { sidebar: { tabs: { CombatTracker: new () => TrackerApp } } }).sidebar.tabs.CombatTracker;
      const app = new Core();
      await app.render({ force: true });
      return app;
    });
    expect(shown(core).Ada).toBe("5.33");
    await core.close({ animate: false });
    for (const client of [f.gm, f.alice]) {
      const app = await renderTracker(f, client);
      expect(app.constructor.name).toBe("ClockworkCombatTracker");
      // No initiative roll stored: the gains are the whole part of the initiative.
      expect(shown(app)).toEqual({ Orc: "12", Ada: "5", Bo: "5", Gob: "3" });
      for (const value of Object.values(shown(app))) expect(value).toMatch(/^\d+$/);
      await app.close({ animate: false });
    }
  });

  it("shows the gains of a rolled initiative", { timeout: 60_000 }, async () => {
    fight = await createFight({ world: () => createDomWorld({ profile }) });
    const f = fight;
    const ada = f.ids.ada;
    // A stored roll: 3 gains, ordered among ties by a fraction.
    await as(f, f.gm, (c) => c.updateEmbeddedDocuments("Combatant", [{ _id: ada, initiative: 3.42, "system.initiativeRoll": { gains: 3, skill: "agility", rank: 10 } }]));
    await f.world.settle();
    const app = await renderTracker(f, f.alice);
    expect(shown(app).Ada).toBe("3");
    // The bare number says what it is (issue 20): gains, the skill and the rank rolled against.
    const field = (name: string) => [...app.element.querySelectorAll<HTMLElement>("li.combatant")].find((li) => li.querySelector(".name")?.textContent === name)?.querySelector<HTMLElement>(".initiative-input");
    await vi.waitFor(() => expect(field("Ada")?.dataset.tooltip).toBe("Initiative: 3 gains (Agility; each die showing 10 or more is a gain)"));
    expect(field("Bo")?.dataset.tooltip).toBe("Initiative: 30 gains");
  });
});
