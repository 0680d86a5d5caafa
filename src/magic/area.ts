/**
 * Where an area spell lands (issue 11 item 3, area roll kind): the spell's own template (radius,
 * cone or line from its data) placed from the caster toward an aim point with combat's area
 * helpers (`placeArea`, `tokensInside`, `drawArea`), so spells and area weapons share one idea of
 * which spaces an area covers and one place that draws it (v13 templates; v14 draws nothing).
 * Walls (Fire Wall, Wall of Thorns) are drawn by hand: they have no template shape here.
 */
import { placeArea } from "../combat/area/placement";
import { drawArea, tokensInside, type AreaPlacement, type AreaScene, type AreaTokenDoc } from "../combat/area/templates";
import { gridSizeOf, spacesToPoint, tokenBox, type TokenPosition } from "../combat/attack/geometry";
import type { SpellProfile } from "../rules";

const SHAPES = ["radius", "cone", "line", "square"] as const;
type SpellAreaShape = (typeof SHAPES)[number];

/**
 * The spell's template shape and size, or null when it has none that can be placed: area attack
 * spells, and spells whose targets are whoever stands in an area (Quake, Gust, Heal's area mode).
 */
export function spellAreaOf(spell: Pick<SpellProfile, "area" | "roll"> & { automation?: Pick<SpellProfile["automation"], "targets"> }): { shape: SpellAreaShape; size: number } | null {
  if (spell.roll.kind !== "area" && spell.automation?.targets.kind !== "area") return null;
  const shape = spell.area.shape as SpellAreaShape;
  return SHAPES.includes(shape) ? { shape, size: Math.max(0, spell.area.size) } : null;
}

interface PlacedToken extends AreaTokenDoc, TokenPosition {
  parent?: (AreaScene & { grid?: { size?: number } }) | null;
}

/**
 * The area placed from the caster's token toward `aim` (a grid space), or null without one. A
 * radius cast on oneself (Force Blast) is centred on the caster whatever the aim.
 */
export function placeSpellArea(spell: Pick<SpellProfile, "area" | "roll"> & { range?: SpellProfile["range"]; automation?: Pick<SpellProfile["automation"], "targets"> }, caster: PlacedToken | null, aim: { x: number; y: number } | null): AreaPlacement | null {
  const area = spellAreaOf(spell);
  if (!area || !caster || !aim) return null;
  // A size×size square (Force Missiles' 2×2, L1387) sits on the aim point as autofire's does.
  if (area.shape === "square") return { shape: { shape: "square", size: Math.max(1, area.size) }, origin: { ...aim } };
  const box = tokenBox(caster, gridSizeOf(caster));
  const centre = spell.range?.kind === "self" && area.shape === "radius" ? { x: box.x, y: box.y } : aim;
  return placeArea("area", { shape: area.shape, size: area.size }, box, centre);
}

/** Spaces from the caster's token to an area's aim point (the distance the area's range is checked at). */
export function aimDistanceOf(caster: PlacedToken | null, aim: { x: number; y: number } | null): number | undefined {
  if (!caster || !aim || typeof caster.x !== "number") return undefined;
  return spacesToPoint(tokenBox(caster, gridSizeOf(caster)), aim);
}

/** The grid space a token stands on (an aim point). */
export function spaceOf(token: PlacedToken): { x: number; y: number } {
  const box = tokenBox(token, gridSizeOf(token));
  return { x: box.x, y: box.y };
}

/** The tokens (with an actor) inside a placed area, in scene order. */
export function tokensInSpellArea(placement: AreaPlacement, scene: AreaScene): AreaTokenDoc[] {
  return tokensInside(placement, scene).filter((t) => !!t.actor);
}

/** Draws the area for everyone when templates exist (combat's helper); failures only log. */
export function drawSpellArea(placement: AreaPlacement, scene: AreaScene | null): Promise<unknown> {
  return drawArea(placement, scene);
}
