/**
 * Localization keys of the sheets' own words. Vocabulary labels (skills, damage types …)
 * come from the configuration through `SheetChoices.label`.
 */
const key = (namespace: string) => (value: string): string => `CLOCKWORK.${namespace}.${value}`;

export const label = {
  field: key("Field"),
  sheet: key("Sheet"),
  tab: key("Tab"),
  action: key("Action"),
  dialog: key("Dialog"),
  encumbrance: key("Sheet.EncumbranceState"),
  /** Foundry's own key for a document subtype's name. */
  itemType: (type: string): string => `TYPES.Item.${type}`,
} as const;
