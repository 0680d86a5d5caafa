/**
 * The scene's area placeables, minimal: v13's MeasuredTemplate (common/documents/measured-template.mjs:
 * `t` circle/cone/rect/ray, `distance`, `direction`, `angle`, `width`; players may create with
 * TEMPLATE_CREATE, the author or a GM may change it) and the scene Region both generations have,
 * in v14's shape where v14 systems draw areas with it (foundryvtt/dnd5e
 * module/canvas/template-placement.mjs: shapes `{type: "circle", x, y, radius}`, `{type: "cone",
 * x, y, radius, angle, rotation}`, `{type: "line", x, y, length, width, rotation}`,
 * `{type: "rectangle", x, y, width, height, rotation}`, created from the player's own client with
 * `flags.core.MeasuredTemplate`). The v14 profile has no MeasuredTemplate class in CONFIG (v14
 * removed templates for regions). Not modelled: behaviors, elevation, levels, the canvas.
 */
import { ArrayField, NumberField, ObjectField, StringField, BooleanField, DocumentIdField, type DataField } from "../fields";
import { USER_ROLES } from "../constants";
import type { PlainObject } from "../utils";
import { WorldDocument, type DocumentMetadata, type PermissionSubject } from "./document";
import type { UserLike } from "./host";

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

export class RegionDocument extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Region",
    collection: "regions",
    embedded: {},
    hasTypeData: false,
    permissions: { create: regionCreator, update: "ASSISTANT", delete: "ASSISTANT" },
  };

  declare shapes: PlainObject[];

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      color: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      shapes: new ArrayField(new ObjectField({ validate: validShape })),
      visibility: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      highlightMode: new StringField({ required: true, blank: false, initial: "coverage" }),
      locked: new BooleanField(),
      flags: new ObjectField(),
    };
  }
}
