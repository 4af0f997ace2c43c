/**
 * The one way to turn a failed zod parse into the `fields` of the error envelope (docs/design-summary.md §3):
 * the first message of each top-level field. The API answers with it and the web's forms show it.
 * `rootKey`: the key of an issue on the whole value ('_'), or null to leave such issues out.
 */
export function fieldErrors(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  rootKey: string | null = '_',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : rootKey;
    if (key !== null && !(key in out)) out[key] = issue.message;
  }
  return out;
}
