/** Item data models by type, as registered in `CONFIG.Item.dataModels`. */
import { ArmorData } from "./armor";
import { ArtifactData } from "./artifact";
import { EnchantmentData } from "./enchantment";
import { EquipmentData } from "./equipment";
import { FeatureData } from "./feature";
import { FocusData } from "./focus";
import { ShieldData } from "./shield";
import { SpeciesData } from "./species";
import { SpellData } from "./spell";
import { WeaponData } from "./weapon";

export { ArmorData, ArtifactData, EnchantmentData, EquipmentData, FeatureData, FocusData, ShieldData, SpeciesData, SpellData, WeaponData };

export const config = {
  species: SpeciesData,
  focus: FocusData,
  feature: FeatureData,
  spell: SpellData,
  weapon: WeaponData,
  armor: ArmorData,
  shield: ShieldData,
  equipment: EquipmentData,
  artifact: ArtifactData,
  enchantment: EnchantmentData,
} as const;

export type ItemType = keyof typeof config;
