/**
 * The relay's contract with the features. A player's client never asks the GM for a raw write on
 * a document it does not own; it names a registered **kind** ("attack.apply", "cast.undo" …),
 * the chat message the request follows from (its **cause**), and a few arguments. The answering
 * GM reads the cause from its own world (the server attests its author), and the kind's `derive`
 * works out the writes (./ops) from the cause's own rolls and the targets' current data with the
 * rules core. Nothing the client claims decides a number.
 *
 * The relay (./index) checks, before `derive` runs: the claimed requester is a known, non-GM
 * user (a GM never relays, it writes locally); the cause exists, is a ChatMessage authored by the
 * requester (or, for `who: "participant"`, names a creature the requester owns), and `accepts`
 * its flags; `who: "gm"` kinds run only for a GM. After: every derived op on a document the
 * requester owns is refused (an owner never needs the relay), and ledger tags make a cause apply
 * once.
 */
import type { RelayOp, RelayProblem } from "./ops";

/** The chat message a request follows from, as the answering client's world has it. */
export interface RelayCause {
  uuid: string;
  id: string;
  /** Its author, as the server attests it. */
  authorId: string | null;
  /** Its `flags.clockwork`. */
  flags: Record<string, unknown>;
  /** Its rolls, in order (Foundry Roll instances). */
  rolls: readonly unknown[];
  /** The ChatMessage document. */
  message: unknown;
}

/** Who asked, as the relay resolved them (on v13 from the id in the request; v14 passes the user). */
export interface RelayRequester {
  id: string;
  isGM: boolean;
  /** The User document (for permission tests: `actor.testUserPermission(requester.user, "OWNER")`). */
  user: unknown;
}

export interface DeriveContext<A = Record<string, unknown>> {
  requester: RelayRequester;
  cause: RelayCause;
  /** The request's arguments, unchecked: `derive` validates them (a target key, a choice …). */
  args: A;
}

/** What a kind derives: the writes to make, or why not (a localized key). */
export type Derived = { ops: RelayOp[] } | { refused: RelayProblem };

export interface RelayKind<A = Record<string, unknown>> {
  /**
   * Who may ask: "author" (the cause's author; a GM always), "participant" (a user owning a
   * creature the cause names, e.g. a shield's wearer turning a hit aside), "gm" (GMs only: Undo).
   */
  who: "author" | "participant" | "gm";
  /** Whether the cause is this kind's card (an attack card for "attack.apply" …). */
  accepts(flags: Record<string, unknown>): boolean;
  /** The UUIDs the cause names as participants (for "participant" and for the relay's checks). */
  participants(flags: Record<string, unknown>): string[];
  /** Works out the writes from the cause and this client's world. */
  derive(context: DeriveContext<A>): Derived | Promise<Derived>;
}

const kinds = new Map<string, RelayKind<never>>();

/** Registers a kind (at `init`); a second registration of a name replaces the first. */
export function registerRelayKind<A>(name: string, kind: RelayKind<A>): void {
  kinds.set(name, kind as RelayKind<never>);
}

/** The kind registered under a name. */
export function relayKind(name: string): RelayKind<Record<string, unknown>> | undefined {
  return kinds.get(name) as RelayKind<Record<string, unknown>> | undefined;
}

/** Every registered kind's name (the forgery suite enumerates them). */
export function relayKindNames(): string[] {
  return [...kinds.keys()];
}
