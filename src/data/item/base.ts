/** Fields every item type has, and the localization prefix of all system data models. */
import { htmlField, identifierField } from "../fields";

/** Field labels live at `CLOCKWORK.Field.<path>.label` (core localizes them at i18nInit). */
export const FIELD_LOCALIZATION_PREFIXES = ["CLOCKWORK.Field"];

export function itemBaseSchema() {
  return {
    /** Rules text in our own words (HTML). */
    description: htmlField(),
    /** Kebab-case slug that rules code matches instead of the name ("diehard"). */
    identifier: identifierField(),
  };
}
