/**
 * The v13 document sheets with Handlebars rendering mixed in.
 *
 * foundry-vtt-types 13.345.1 cannot type `HandlebarsApplicationMixin(ActorSheetV2)` or
 * `(ItemSheetV2)` cheaply: each takes about 95 s and 3.5 GB in tsc and ends in TS2589. The
 * mixin is therefore applied untyped and its result typed as the sheet class; our sheets
 * declare `PARTS` themselves.
 */
const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(ActorSheetV2 as never) as typeof ActorSheetV2;
export const HandlebarsItemSheet = HandlebarsApplicationMixin(ItemSheetV2 as never) as typeof ItemSheetV2;
