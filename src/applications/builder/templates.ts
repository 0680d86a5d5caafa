/** The builder window's templates, one part each (all rendered; inactive steps render empty). Paths written out in full so the bundle names every template it loads. */
export const BUILDER_TEMPLATES = {
  nav: "systems/clockwork/templates/builder/nav.hbs",
  concept: "systems/clockwork/templates/builder/concept.hbs",
  skills: "systems/clockwork/templates/builder/skills.hbs",
  species: "systems/clockwork/templates/builder/species.hbs",
  bonusSkill: "systems/clockwork/templates/builder/bonus-skill.hbs",
  foci: "systems/clockwork/templates/builder/foci.hbs",
  customization: "systems/clockwork/templates/builder/customization.hbs",
  resistance: "systems/clockwork/templates/builder/resistance.hbs",
  equipment: "systems/clockwork/templates/builder/equipment.hbs",
  review: "systems/clockwork/templates/builder/review.hbs",
  summary: "systems/clockwork/templates/builder/summary.hbs",
  footer: "systems/clockwork/templates/builder/footer.hbs",
} as const;

/** The advancement window and the GM's award dialog. */
export const ADVANCEMENT_TEMPLATES = {
  advancement: "systems/clockwork/templates/advancement/advancement.hbs",
  award: "systems/clockwork/templates/advancement/award.hbs",
} as const;

/** The compendium browser. */
export const BROWSER_TEMPLATES = {
  filters: "systems/clockwork/templates/builder/browser-filters.hbs",
  results: "systems/clockwork/templates/builder/browser-results.hbs",
} as const;
