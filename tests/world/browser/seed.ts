/**
 * The actors a fresh test world starts with (node tests and the browser host alike):
 * - Ada, a character owned by Alice and observed by Bob, with a sword in her main hand, scale
 *   armor worn and a few skills trained;
 * - Grusha, an NPC only the GM can see.
 * Plain sources: the system's data models fill in every other field.
 */
export const ADA_ID = "seedAdaCharactr1";
export const GRUSHA_ID = "seedGrushaNpc001";
export const WEAPON_ID = "seedAdaLongswrd1";
export const ARMOR_ID = "seedAdaScalemal1";

const OWNER = 3;
const OBSERVER = 2;

export interface SeedUsers {
  alice: string;
  bob: string;
}

export function seedActors(users: SeedUsers): Record<string, unknown>[] {
  return [
    {
      _id: ADA_ID,
      name: "Ada",
      type: "character",
      img: "icons/svg/mystery-man.svg",
      ownership: { default: 0, [users.alice]: OWNER, [users.bob]: OBSERVER },
      system: {
        skills: { strength: { rank: 9 }, accuracy: { rank: 10 }, perception: { rank: 10 }, will: { rank: 11 } },
        equipped: { mainHand: WEAPON_ID, armor: ARMOR_ID },
        biography: "<p>A clockmaker's daughter who left the workshop for the road.</p>",
      },
      items: [
        { _id: WEAPON_ID, name: "Longsword", type: "weapon", img: "icons/svg/sword.svg", system: {} },
        { _id: ARMOR_ID, name: "Scale armor", type: "armor", img: "icons/svg/shield.svg", system: {} },
      ],
    },
    {
      _id: GRUSHA_ID,
      name: "Grusha",
      type: "npc",
      img: "icons/svg/mystery-man.svg",
      ownership: { default: 0 },
      system: {},
    },
  ];
}
