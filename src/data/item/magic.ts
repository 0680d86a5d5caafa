/** Rules shared by spells and foci about magic schools. */
import { CLOCKWORK } from "../../config";
import { labelOf, requireThat } from "../fields";

/** A school belongs to exactly one magic skill (Fire → Elemental). */
export function requireSchoolOfSkill(school: string, skill: string): void {
  const owner = CLOCKWORK.schools[school]?.skill;
  requireThat(owner === skill, "CLOCKWORK.Error.SchoolSkill", {
    school: labelOf("schools", school),
    skill: labelOf("skills", skill),
    owner: owner ? labelOf("skills", owner) : "?",
  });
}
