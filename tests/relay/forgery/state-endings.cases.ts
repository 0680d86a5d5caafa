/**
 * Forged "state.end" requests (issue 19 item 3 on the relay of issue 18): the GM ends a state on
 * a creature only from an attack or cast card the asker authored. Table: the magic arena with
 * Alice's Fire Bolt card at Grusha (tests/relay/forgery/magic.cases.ts).
 */
import { RELAY_QUERY } from "../../../src/relay";
import { STATE_END } from "../../../src/magic/state-endings";
import { GRUSHA, actorUuid } from "../../magic/world-fixtures";
import type { ForgeryCase } from "./case";
import type { MagicTable } from "./magic.cases";

const request = (cause: string | null, userId: string) => ({ kind: STATE_END, args: {}, cause, userId });
/** A console-made card that looks like an attack on Grusha. */
const fakeAttack = { attack: { version: 1, actorUuid: null, targets: [{ actorUuid: actorUuid(GRUSHA), damage: { total: 3 } }] } };

export const stateEndForgeries: ForgeryCase<MagicTable>[] = [
  { name: "state.end claiming the GM's id", query: RELAY_QUERY, kind: STATE_END, forgery: "claimed-gm", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, fakeAttack), t.gm.userId) }) },
  { name: "state.end with Bob's card claiming Alice's id", query: RELAY_QUERY, kind: STATE_END, forgery: "claimed-player", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, fakeAttack), t.alice.userId) }) },
  { name: "state.end with no card", query: RELAY_QUERY, kind: STATE_END, forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: request(null, t.bob.userId) }) },
  { name: "state.end with Alice's Fire Bolt card", query: RELAY_QUERY, kind: STATE_END, forgery: "not-author", build: async (t) => ({ from: t.bob, to: t.gm, data: request(t.bolt, t.bob.userId) }) },
  { name: "state.end with a card that is no attack or cast", query: RELAY_QUERY, kind: STATE_END, forgery: "other-document", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, { other: { uuid: actorUuid(GRUSHA) } }), t.bob.userId) }) },
];
