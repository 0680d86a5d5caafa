/**
 * The sheets' tab lists. Apart from the context builders so the sheet classes (in the entry
 * module) can declare their tabs without loading the builders, which load on first render.
 */
export const CHARACTER_TABS = [
  { id: "main", icon: "fa-solid fa-user" },
  { id: "equipment", icon: "fa-solid fa-shield-halved" },
  { id: "magic", icon: "fa-solid fa-wand-sparkles" },
  { id: "features", icon: "fa-solid fa-star" },
  { id: "biography", icon: "fa-solid fa-book-open" },
] as const;

export const NPC_TABS = [
  { id: "main", icon: "fa-solid fa-shield-halved" },
  { id: "skills", icon: "fa-solid fa-list" },
  { id: "notes", icon: "fa-solid fa-book-open" },
] as const;
