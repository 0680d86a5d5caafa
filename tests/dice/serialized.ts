/** Serialized rolls as chat messages store them (`Roll#toJSON`), built by hand for tests. */
import type { DieResultData, SerializedRoll } from "../../src/dice/types";

export function serialized(cls: string, faces: readonly (number | DieResultData)[], options: object): SerializedRoll {
  const results = faces.map((f) => (typeof f === "number" ? { result: f, active: true } : f));
  return {
    class: cls, options, formula: `${results.length}d12`, evaluated: true, total: 0,
    terms: [{ class: "Die", faces: 12, results }],
  };
}

export const gainRoll = (faces: number[], options: object = {}) => serialized("GainRoll", faces, { threshold: 7, ...options });
