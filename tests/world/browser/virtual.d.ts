declare module "virtual:clockwork-packs" {
  import type { PackSource } from "../packs";
  const packs: PackSource[];
  export default packs;
}
