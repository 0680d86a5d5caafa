/**
 * Moved to the Foundry adapter (src/foundry/). Kept only for src/dice/actor-rolls.ts and
 * src/combat/documents/combat-impl.ts, which are being rewritten in parallel; delete after merge.
 * Bindings rather than `export … from`, so the split build does not emit an empty chunk without a source map.
 */
import * as adapter from "../foundry";

export const notify = adapter.notify;
export const renderTemplate = adapter.renderTemplate;
