/** Magic's code, loaded on first use (`import()` from ./index): casting and its card, channeling, potions, alchemy, the mana HUD, the spell effects' lifecycle and the sheet's additions. */
export { answerCounterspell, answerSpellReaction, castSpell } from "./cast";
export { useSpellTable } from "./spell-tables";
export { channelMana, drinkManaPotionItem } from "./channel";
export { useAlchemyItem } from "./alchemy";
export { manaHud, refreshManaHud, rerenderManaHud } from "./hud";
export { onDeleteCombat, onTurnChange, onWeaponAttack, onWorldTime } from "./lifecycle";
export { onRenderMessage, onRenderSheet } from "./render";
