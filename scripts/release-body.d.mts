// Types for scripts/release-body.mjs, so tests can import its helpers.
export interface ReleaseBody {
  id: string;
  "dry-run"?: true;
  release: { version: string; manifest: string; notes: string; compatibility: { minimum: string; verified: string; maximum: string } };
}
export const RELEASE_API: string;
export function changelogSection(changelog: string, version: string): string | null;
export function releaseBody(manifest: unknown, tag: string, options?: { dryRun?: boolean }): ReleaseBody;
export function releaseRequest(body: ReleaseBody, token: string | undefined): [string, { method: "POST"; headers: Record<string, string>; body: string }];
export function accepted(httpOk: boolean, json: unknown): boolean;
