// Types for scripts/babele-template.mjs, so tests can import it.
export function babeleTemplate(root?: string): Record<string, { label?: string; mapping?: Record<string, unknown>; folders?: Record<string, string>; entries: Record<string, unknown> }>;
