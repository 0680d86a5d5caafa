/**
 * The combat layer's implementation, loaded on first use (issue 9): turn events, initiative,
 * end-of-turn checks, dying, prompts, the counter writes and the tracker's rows. Start-up keeps
 * the document classes, the registrations and what Foundry reads synchronously.
 */
export const loadCombatImpl = () => import("./impl");
export type CombatImpl = Awaited<ReturnType<typeof loadCombatImpl>>;
