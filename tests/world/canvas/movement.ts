/**
 * Core's token movement configuration (client/config.mjs `CONFIG.Token.movement`, v13; the
 * defaults as foundry-vtt-types 13 documents them): the movement actions with their order,
 * `teleport`, `measure`, `canSelect` and cost functions (crawl, climb and jump cost double,
 * displace costs nothing and cannot be selected). The TokenDocument model (../documents/scene.ts)
 * validates waypoint actions against it and prices moves with it.
 */
import type { PlainObject } from "../utils";

/** A step's cost from its distance (core's `MovementActionCostFunction`). */
export type MovementCostFunction = (cost: number, from: PlainObject, to: PlainObject, distance: number, segment: PlainObject) => number;

export interface MovementActionConfig {
  label: string;
  icon?: string;
  order: number;
  teleport: boolean;
  measure: boolean;
  walls: string | null;
  visualize: boolean;
  canSelect: (token: unknown) => boolean;
  getCostFunction: (token: unknown, options?: PlainObject) => MovementCostFunction;
  getAnimationOptions?: () => PlainObject;
  deriveTerrainDifficulty?: ((difficulties: Record<string, number>) => number) | null;
}

const identity: MovementCostFunction = (cost) => cost;
const double: MovementCostFunction = (cost) => cost * 2;

function action(key: string, order: number, extra: Partial<MovementActionConfig> = {}): MovementActionConfig {
  return {
    label: `TOKEN.MOVEMENT.ACTIONS.${key}.label`, order, teleport: false, measure: true, walls: "move", visualize: true,
    canSelect: () => true, getCostFunction: () => identity, ...extra,
  };
}

/** A fresh `CONFIG.Token.movement` for a client (systems replace or extend its actions at init). */
export function defaultMovementConfig(): PlainObject {
  return {
    defaultSpeed: 6,
    defaultAction: "walk",
    actions: {
      walk: action("walk", 0),
      fly: action("fly", 1),
      swim: action("swim", 2),
      burrow: action("burrow", 3),
      crawl: action("crawl", 4, { getCostFunction: () => double }),
      climb: action("climb", 5, { getCostFunction: () => double }),
      jump: action("jump", 6, { getCostFunction: () => double }),
      blink: action("blink", 7, { teleport: true }),
      displace: action("displace", 8, { teleport: true, measure: false, walls: null, visualize: false, canSelect: () => false, getCostFunction: () => () => 0 }),
    },
  };
}

/** The fields whose change is a movement (common/documents/token.mjs `MOVEMENT_FIELDS`). */
export const MOVEMENT_FIELDS = Object.freeze(["x", "y", "elevation", "width", "height", "shape"] as const);
