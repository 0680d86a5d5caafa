/**
 * What an open sheet needs that the entry module need not carry: the context builders, the
 * species dialog, link look-ups, the XP log's words and the click and drop handlers. The sheet
 * classes (registered at `init`) load this module on their first render or action, as its own
 * chunk of the bundle.
 */
export { currentChoices } from "../choices-registry";
export { buildCharacterContext } from "../context/character";
export { buildNpcContext } from "../context/npc";
export { buildItemContext, linkedUuids } from "../context/item";
export { healthClick } from "../context/health";
export { sortUpdates } from "../context/updates";
export { applySpecies, reconfigureSpecies } from "../dialogs/species-dialog";
export { IDENTIFIER_LINKS, itemLinkNames, linkUpdate, resolveIdentifier, resolveLinks } from "./links";
export { campaignSpeed, refundLastPurchase } from "../../documents/advancement";
export { logText } from "../builder/advancement-context";
export { lastPurchase } from "../../rules/advancement-log";
export { actorActions } from "./actor-actions";
export { characterActions } from "./character-actions";
export { itemActions } from "./item-actions";
