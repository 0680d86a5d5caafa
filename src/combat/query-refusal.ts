/**
 * How a query handler refuses (issue 18 item 2): `{ ok: false, problem: { key, data } }` with a
 * key of lang/en.json under `CLOCKWORK.Query.Refused`. A handler never throws for a forged
 * request and changes nothing when it refuses; the asking side reads `isRefusal`.
 */

export interface QueryRefusal {
  ok: false;
  problem: { key: string; data: Record<string, unknown> };
}

/** A refusal with `CLOCKWORK.Query.Refused.<reason>`. */
export function refusal(reason: string, data: Record<string, unknown> = {}): QueryRefusal {
  return { ok: false, problem: { key: `CLOCKWORK.Query.Refused.${reason}`, data } };
}

export function isRefusal(answer: unknown): answer is QueryRefusal {
  return !!answer && typeof answer === "object" && (answer as { ok?: unknown }).ok === false;
}

/** A non-empty string (ids and UUIDs in query data). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length < 200;
}
