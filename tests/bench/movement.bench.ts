/**
 * The system's code per pointer move while dragging tokens 12 spaces (issue 28 item 1): the
 * token ruler's styles (one segment and 12 highlighted spaces, src/canvas/ruler.ts — the previous
 * ruler code, unchanged) against the same plus the move's preview (`previewMove`: what the
 * playground's map and a drag show before the drop), for one token and for 30 tokens dragged
 * together. Target: ≤ 2 ms per pointer move.
 */
import { bench, describe } from "vitest";
import { rulerStyle, type RulerToken, type Waypoint } from "../../src/canvas/ruler";
import { quoteMove, tokenPathSpaces, type MovingToken } from "../../src/canvas/movement";

const grid = { getOffset: ({ x, y }: { x: number; y: number }) => ({ i: Math.floor(y / 100), j: Math.floor(x / 100) }) };

function token(i: number): RulerToken & MovingToken {
  const combatant = { id: `c${i}`, uuid: `Combat.x.Combatant.c${i}`, parent: { started: true, combatant: { id: `c${i}` } }, combat: { started: true }, system: { counters: { available: 6, reserved: 0, hadTurn: true, passed: false } } };
  return {
    document: { movementAction: "walk" },
    movementAction: "walk",
    actor: { name: `T${i}`, statuses: new Set(i % 5 === 0 ? ["chilled"] : []), system: { movement: { walk: 4, run: 8 }, encumbrance: "none" }, items: [{ type: "species", flags: { clockwork: { movement: { swim: "run" } } } }] },
    combatant,
  } as unknown as RulerToken & MovingToken;
}

const tokens = Array.from({ length: 30 }, (_, i) => token(i));
const start: Waypoint = { x: 50, y: 50, previous: null };
const end: Waypoint = { x: 50 + 12 * 100, y: 50, previous: start };
start.next = end;
const spaces = Array.from({ length: 12 }, (_, k) => ({ i: 0, j: k + 1 }));

/** Core's ruler refresh for one token: the segment's style, then each highlighted space's. */
function rulerRefresh(t: RulerToken): void {
  rulerStyle(t, { color: 0 }, end, null, grid);
  for (const offset of spaces) rulerStyle(t, { color: 0 }, end, offset, grid);
}

function preview(t: MovingToken): void {
  quoteMove(t, tokenPathSpaces({ parent: { grid: { size: 100 } } }, [start, end]), { isGM: false, chargeGM: false, action: "walk" });
}

describe("dragging 12 spaces, per pointer move", () => {
  bench("previous ruler code, 1 token", () => rulerRefresh(tokens[1]));
  bench("ruler + move preview, 1 token", () => {
    rulerRefresh(tokens[1]);
    preview(tokens[1]);
  });
  bench("previous ruler code, 30 tokens", () => {
    for (const t of tokens) rulerRefresh(t);
  });
  bench("ruler + move preview, 30 tokens", () => {
    for (const t of tokens) {
      rulerRefresh(t);
      preview(t);
    }
  });
});
