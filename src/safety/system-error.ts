/**
 * The code node and undici give a system or transport error (`ENOENT`, `ELOOP`, `ECONNREFUSED`,
 * `UND_ERR_…`): how the no-follow file reads tell a missing path from a refused one, and how the
 * other stages tell an outage from a bug. At the bottom of the layout, beside no-follow.ts, so
 * that it imports nothing.
 */
/** The `code` of a system or transport error (`ENOENT`, `ECONNREFUSED`, `UND_ERR_…`), if it has one as text. */
export function systemErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
