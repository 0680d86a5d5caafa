/**
 * Whole sheets from their parts, the way the ApplicationV2 classes assemble them: each
 * PART's template rendered with the sheet's context, in PARTS order. Shared by the render
 * tests, the browser tests and the benchmark.
 */
import { TEMPLATES } from "../../../src/applications/handlebars";
import type { Renderer } from "../render-harness";

export function renderParts(renderer: Renderer, parts: Record<string, string>, context: object): string {
  return Object.values(parts).map((template) => renderer.render(template, context)).join("\n");
}

export const renderCharacterSheet = (r: Renderer, context: object): string => renderParts(r, TEMPLATES.character, context);
export const renderNpcSheet = (r: Renderer, context: object): string => renderParts(r, TEMPLATES.npc, context);
export const renderItemSheet = (r: Renderer, context: object): string => renderParts(r, TEMPLATES.item, context);
export const renderSpeciesDialog = (r: Renderer, context: object): string => renderParts(r, TEMPLATES.dialogs, context);
