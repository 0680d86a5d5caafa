/**
 * The scene's area placeables, minimal: v13's MeasuredTemplate (common/documents/measured-template.mjs:
 * `t` circle/cone/rect/ray, `distance`, `direction`, `angle`, `width`; players may create with
 * TEMPLATE_CREATE, the author or a GM may change it) and the scene Region both generations have,
 * in v14's shape where v14 systems draw areas with it (foundryvtt/dnd5e
 * module/canvas/template-placement.mjs: shapes `{type: "circle", x, y, radius}`, `{type: "cone",
 * x, y, radius, angle, rotation}`, `{type: "line", x, y, length, width, rotation}`,
 * `{type: "rectangle", x, y, width, height, rotation}`, created from the player's own client with
 * `flags.core.MeasuredTemplate`). The v14 profile has no MeasuredTemplate class in CONFIG (v14
 * removed templates for regions). Each has `testPoint`: for a template the shape its placeable
 * draws (client/canvas/placeables/template.mjs `_computeShape`: a circle of `distance`, a cone
 * of `distance` and `angle` about `direction` (the round cone), a `rect` whose diagonal runs
 * `distance` along `direction` from its corner, a `ray` of `distance` and `width` from x/y),
 * `distance` in grid units converted at the scene's `grid.size / grid.distance` pixels;
 * for a region `RegionDocument#testPoint({x, y, elevation})` (client/documents/region.mjs, v13
 * and v14): inside a non-hole shape and no hole. A region's owners (the player who drew it) may
 * change and delete it (foundryvtt/foundryvtt#13270). Not modelled: behaviors, elevation bounds,
 * levels, the canvas, the grid-highlight positions.
 */
import { ArrayField, NumberField, ObjectField, StringField, BooleanField, DocumentIdField, type DataField } from "../fields";
import { USER_ROLES } from "../constants";
import type { PlainObject } from "../utils";
import { WorldDocument, exposeAuthor, type DocumentMetadata, type PermissionSubject } from "./document";
import type { UserLike } from "./host";

interface Point {
  x: number;
  y: number;
}

/** The angle of a vector in degrees, 0..360 (0 east, 90 south: screen coordinates). */
function degrees(dx: number, dy: number): number {
  return ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
}

/** Whether `p` lies within `half` degrees either side of `direction` as seen from the origin. */
function withinAngle(dx: number, dy: number, direction: number, half: number): boolean {
  const diff = Math.abs(((degrees(dx, dy) - direction + 540) % 360) - 180);
  return diff <= half + 1e-9;
}

/** `p` in a frame rotated by -rotation about `o` (so a rotated shape can be tested axis-aligned). */
function unrotate(p: Point, o: Point, rotation: number): Point {
  const r = (-rotation * Math.PI) / 180;
  const dx = p.x - o.x;
  const dy = p.y - o.y;
  return { x: dx * Math.cos(r) - dy * Math.sin(r), y: dx * Math.sin(r) + dy * Math.cos(r) };
}

const EPS = 1e-6;

/** Point-in-polygon by ray casting (flat [x0, y0, x1, y1, …]). */
function inPolygon(points: number[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [points[i], points[i + 1], points[j], points[j + 1]];
    if ((yi > p.y) !== (yj > p.y) && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a v14 region shape (common/data/data.mjs shape data) covers a point, boundary included. */
export function shapeContains(shape: PlainObject, p: Point): boolean {
  const n = (k: string) => Number(shape[k] ?? 0);
  const o = { x: n("x"), y: n("y") };
  const dx = p.x - o.x;
  const dy = p.y - o.y;
  switch (shape.type) {
    case "circle":
      return dx * dx + dy * dy <= n("radius") ** 2 + EPS;
    case "ring":
      return dx * dx + dy * dy <= n("radius") ** 2 + EPS;
    case "ellipse": {
      const q = unrotate(p, o, n("rotation"));
      return (q.x / n("radiusX")) ** 2 + (q.y / n("radiusY")) ** 2 <= 1 + EPS;
    }
    case "rectangle": {
      // Rotated about its centre.
      const c = { x: o.x + n("width") / 2, y: o.y + n("height") / 2 };
      const q = unrotate(p, c, n("rotation"));
      return Math.abs(q.x) <= n("width") / 2 + EPS && Math.abs(q.y) <= n("height") / 2 + EPS;
    }
    case "cone":
      return dx * dx + dy * dy <= n("radius") ** 2 + EPS && withinAngle(dx, dy, n("rotation"), n("angle") / 2);
    case "line": {
      const q = unrotate(p, o, n("rotation"));
      return q.x >= -EPS && q.x <= n("length") + EPS && Math.abs(q.y) <= n("width") / 2 + EPS;
    }
    case "polygon":
      return inPolygon(shape.points as number[], p);
    default:
      return false;
  }
}

/** Pixels per grid unit of a document's scene (core's default grid: 100 px per 1 unit here). */
function pixelsPerUnit(doc: WorldDocument): number {
  const grid = (doc.parent as { grid?: { size?: number; distance?: number } } | null)?.grid;
  return (grid?.size ?? 100) / (grid?.distance ?? 1);
}

const TEMPLATE_TYPES = ["circle", "cone", "rect", "ray"];

/** The author or a GM (BaseMeasuredTemplate#canModify). */
const authorOrGM = (user: UserLike, doc: PermissionSubject) => user.isGM || (doc as unknown as { _source?: PlainObject })._source?.author === user.id;

/** TEMPLATE_CREATE (players by default) for an area of one's own. */
const templateCreator = (user: UserLike) => user.isGM || user.hasPermission("TEMPLATE_CREATE");

export class MeasuredTemplateDocument extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "MeasuredTemplate",
    collection: "templates",
    embedded: {},
    hasTypeData: false,
    permissions: { create: templateCreator, update: authorOrGM, delete: authorOrGM },
  };

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      author: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      t: new StringField({ required: true, blank: false, initial: "circle", validate: (v: unknown) => TEMPLATE_TYPES.includes(String(v)) }),
      x: new NumberField({ required: true, nullable: false, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, initial: 0 }),
      distance: new NumberField({ required: true, nullable: false, min: 0, initial: 1 }),
      direction: new NumberField({ required: true, nullable: false, initial: 0 }),
      angle: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, initial: 0 }),
      fillColor: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      hidden: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  protected override _initialize(options: PlainObject = {}): void {
    // DocumentAuthorField (common/documents/measured-template.mjs): `author` reads as the User document.
    delete (this as unknown as Record<string, unknown>).author;
    super._initialize(options);
    exposeAuthor(this as never);
  }

  declare t: string;
  declare x: number;
  declare y: number;
  declare distance: number;
  declare direction: number;
  declare angle: number;
  declare width: number;

  /** Whether the template's drawn shape covers a scene point (its placeable's `shape`, boundary included). */
  testPoint(point: Point): boolean {
    const ppu = pixelsPerUnit(this);
    const dx = point.x - this.x;
    const dy = point.y - this.y;
    const reach = this.distance * ppu;
    switch (this.t) {
      case "circle":
        return dx * dx + dy * dy <= reach * reach + EPS;
      case "cone":
        return dx * dx + dy * dy <= reach * reach + EPS && withinAngle(dx, dy, this.direction, this.angle / 2);
      case "rect": {
        // The rectangle's diagonal runs `distance` along `direction` from the corner at x/y.
        const r = (this.direction * Math.PI) / 180;
        const ex = Math.cos(r) * reach;
        const ey = Math.sin(r) * reach;
        const [x0, x1] = ex < 0 ? [ex, 0] : [0, ex];
        const [y0, y1] = ey < 0 ? [ey, 0] : [0, ey];
        return dx >= x0 - EPS && dx <= x1 + EPS && dy >= y0 - EPS && dy <= y1 + EPS;
      }
      case "ray": {
        const q = unrotate(point, { x: this.x, y: this.y }, this.direction);
        return q.x >= -EPS && q.x <= reach + EPS && Math.abs(q.y) <= (this.width * ppu) / 2 + EPS;
      }
      default:
        return false;
    }
  }

  /** v13 migrates the legacy `user` field to `author` (BaseMeasuredTemplate.migrateData). */
  static override migrateData(source: PlainObject): PlainObject {
    if ("user" in source && !("author" in source)) {
      source.author = source.user;
      delete source.user;
    }
    return super.migrateData(source);
  }
}

/** The numeric fields each v14 region shape needs (shape data classes of common/data/data.mjs). */
const SHAPE_FIELDS: Record<string, string[]> = {
  circle: ["x", "y", "radius"],
  ellipse: ["x", "y", "radiusX", "radiusY"],
  rectangle: ["x", "y", "width", "height"],
  polygon: [],
  cone: ["x", "y", "radius", "angle"],
  line: ["x", "y", "length", "width"],
  ring: ["x", "y", "radius"],
};

function validShape(shape: unknown): boolean {
  if (!shape || typeof shape !== "object") return false;
  const s = shape as PlainObject;
  const fields = SHAPE_FIELDS[String(s.type)];
  if (!fields) throw new Error(`"${String(s.type)}" is not a valid region shape type`);
  for (const name of fields) if (typeof s[name] !== "number" || !Number.isFinite(s[name])) throw new Error(`a ${String(s.type)} shape needs a finite ${name}`);
  if (s.type === "polygon" && !(Array.isArray(s.points) && s.points.length >= 6)) throw new Error("a polygon shape needs at least three points");
  return true;
}

/** Regions: GMs; on v14 also a player's own area (the template regions v14 systems create). */
const regionCreator = (user: UserLike, _doc: PermissionSubject, data?: PlainObject) =>
  user.isGM || user.role >= USER_ROLES.ASSISTANT || (((data?.flags as PlainObject | undefined)?.core as PlainObject | undefined)?.MeasuredTemplate === true && templateCreator(user));

/**
 * Changing or deleting a region: assistants and GMs, and its owners (v14's Region `ownership`,
 * foundryvtt/foundryvtt#13270: an OWNER may modify and delete the region, not its behaviors).
 */
const regionOwner = (user: UserLike, doc: PermissionSubject) => user.isGM || user.role >= USER_ROLES.ASSISTANT || doc.testUserPermission(user, "OWNER");

export class RegionDocument extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Region",
    collection: "regions",
    embedded: {},
    hasTypeData: false,
    permissions: { create: regionCreator, update: regionOwner, delete: regionOwner },
  };

  declare shapes: PlainObject[];

  /** The player who draws an area region owns it (as core makes a non-GM creator the owner of a document with ownership). */
  override async _preCreate(data: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const ownership = { ...((this._source.ownership as Record<string, number> | undefined) ?? { default: 0 }) };
    if (!user.isGM && user.id && (ownership[user.id] ?? 0) < 3) this.updateSource({ ownership: { ...ownership, [user.id]: 3 } });
  }

  /** RegionDocument#testPoint: inside one of its shapes and in none of its holes. */
  testPoint(point: Point & { elevation?: number }): boolean {
    const shapes = this.shapes ?? [];
    return shapes.some((s) => !s.hole && shapeContains(s, point)) && !shapes.some((s) => s.hole && shapeContains(s, point));
  }

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      color: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      shapes: new ArrayField(new ObjectField({ validate: validShape })),
      visibility: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      highlightMode: new StringField({ required: true, blank: false, initial: "coverage" }),
      locked: new BooleanField(),
      ownership: new ObjectField({ initial: () => ({ default: 0 }) }),
      flags: new ObjectField(),
    };
  }
}
