/**
 * The character sheet's cost per render for the full character (33 items): building the
 * context from derived data, rendering every part with the real Handlebars, and both
 * together (target: under 10 ms). Templates are compiled once, as Foundry caches them.
 */
import { bench, describe } from "vitest";
import { buildCharacterContext } from "../../src/applications/context/character";
import { buildNpcContext } from "../../src/applications/context/npc";
import { FULL_CHARACTER, NPC } from "../fixtures/sheets/actors";
import { createRenderer } from "../applications/render-harness";
import { renderCharacterSheet, renderNpcSheet } from "../applications/sheets/sheets";

const renderer = createRenderer();
const options = { editable: true, editMode: false };
const prepared = buildCharacterContext(FULL_CHARACTER, options);
renderCharacterSheet(renderer, prepared);
renderNpcSheet(renderer, buildNpcContext(NPC, options));

describe("character sheet", () => {
  bench("build context", () => {
    buildCharacterContext(FULL_CHARACTER, options);
  });

  bench("render templates", () => {
    renderCharacterSheet(renderer, prepared);
  });

  bench("context + render", () => {
    renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, options));
  });
});

describe("npc sheet", () => {
  bench("context + render", () => {
    renderNpcSheet(renderer, buildNpcContext(NPC, options));
  });
});
