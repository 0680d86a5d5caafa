/** The equip planner lives in the rules core (src/rules/equip-plan.ts); combat's Draw and Stow use it too. */
export * from "../rules/equip-plan";
