/**
 * The magic paths: the scratch character casts a mana spell at the NPC (the mana it lost is what
 * the card says it paid and what the rules core says the spell costs), and an area spell at the
 * NPC's space, whose area this Foundry draws (a MeasuredTemplate on v13, a Region on v14) on the
 * scratch scene and the path removes. Outside a combat, so nothing waits on a Counterspell window.
 */
import { localize } from "../../foundry";
import { spellManaCost } from "../../rules";
import { areaDocumentName } from "../../combat/area/templates";
import { answerReactions, arena, fromPack, type CreatureDoc } from "./combat";
import { packEntry } from "./character";
import { expectThat, problem, skip, type PlayedPath } from "./types";

const GRID = 100;
/** The compendium's mana spell and area spell (a fork without them skips, saying which). */
const MANA_SPELL = "fire-bolt";
const AREA_SPELL = "fireball";

interface CastResultLike {
  data: { paid: { mana: number; counters: number } };
  message: unknown;
}

interface SpellDoc {
  id: string | null;
  name: string;
  system: { mana: number; manaPerExtraTarget: number };
}

interface AreaScene {
  getEmbeddedCollection(name: string): { contents: { id: string | null }[] };
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
}

const manaOf = (actor: CreatureDoc): number => Number((actor.system.mana as { value?: number } | undefined)?.value ?? Number.NaN);

async function learn(actor: CreatureDoc, identifier: string): Promise<SpellDoc> {
  const entry = await packEntry("clockwork.spells", "spell", identifier);
  const [spell] = (await actor.createEmbeddedDocuments("Item", [await fromPack(entry.uuid)])) ?? [];
  if (!spell) throw problem("NotDropped", { name: entry.name });
  return spell as unknown as SpellDoc;
}

const castManaSpell: PlayedPath = {
  key: "castMana",
  async run(context) {
    const { hero, foeToken } = await arena(context);
    const spell = await learn(hero, MANA_SPELL);
    const before = manaOf(hero);
    const restore = answerReactions(context);
    const result = (await hero.castSpell(spell, { targets: [foeToken], skipDialog: true, rollMode: "selfroll" })) as CastResultLike | null;
    restore();
    expectThat(result?.message, "NoCast", { name: spell.name });
    const cost = spellManaCost(spell.system, 1);
    expectThat(result!.data.paid.mana === cost, "ManaDiffers", { paid: result!.data.paid.mana, cost });
    expectThat(before - manaOf(hero) === cost, "ManaDiffers", { paid: before - manaOf(hero), cost });
    return localize("CLOCKWORK.SelfTest.ManaNote", { name: spell.name, mana: cost, left: manaOf(hero) });
  },
};

const castAreaSpell: PlayedPath = {
  key: "castArea",
  async run(context) {
    const documentName = areaDocumentName();
    if (!documentName) throw skip("NoAreas");
    const { scene, hero, foeToken } = await arena(context);
    const spell = await learn(hero, AREA_SPELL);
    const areas = () => (scene as unknown as AreaScene).getEmbeddedCollection(documentName).contents;
    const target = { x: Math.round((foeToken as unknown as { x: number }).x / GRID), y: Math.round((foeToken as unknown as { y: number }).y / GRID) };
    const result = (await hero.castSpell(spell, { area: target, skipDialog: true, rollMode: "selfroll" })) as CastResultLike | null;
    expectThat(result?.message, "NoCast", { name: spell.name });
    const placed = areas().map((a) => a.id).filter((id): id is string => !!id);
    expectThat(placed.length > 0, "NoArea", { document: documentName });
    await (scene as unknown as AreaScene).deleteEmbeddedDocuments(documentName, placed);
    expectThat(areas().length === 0, "AreaLeft", { document: documentName });
    return localize("CLOCKWORK.SelfTest.AreaNote", { name: spell.name, document: documentName });
  },
};

export const MAGIC_PATHS: readonly PlayedPath[] = [castManaSpell, castAreaSpell];
