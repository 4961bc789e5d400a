/**
 * GitHub's per-answer patch budget, worked around. `GET /pulls/{n}/files` stops sending `patch`
 * once the patches already in the answer add up to a budget (about 20,000 lines): the entries
 * after that come with no patch and 0 additions, deletions and changes, marked by nothing. A
 * file without a patch is "diff unknown" (fail closed), so nothing is lost to the gate, but its
 * findings cannot be placed. Pages of 100 files reach that budget sooner than pages of 30.
 *
 * So after a page whose patches passed `REFILL_AFTER` (well below GitHub's budget), each later
 * entry of a reviewable file that came without a patch is read again in a page of `REFILL_PAGE`
 * files, which holds it with at most 9 others. An entry read again must be the same file (name,
 * blob and status), else the list changed while it was read and is refused. A page below the
 * threshold cannot have been cut: its patchless files (binaries, pure renames) cost nothing more.
 */
import { GitHubListError } from '../../github/errors';
import { candidateLanguage } from '../select';

/** Files per page of the second read. */
export const REFILL_PAGE = 10;
/** Patch lines, or bytes, after which an answer may have been cut. */
const REFILL_AFTER = { lines: 3000, bytes: 150_000 };

interface RawEntry {
  filename?: unknown;
  status?: unknown;
  sha?: unknown;
  patch?: unknown;
}

const asEntry = (value: unknown): RawEntry | undefined => (typeof value === 'object' && value !== null ? value : undefined);

/**
 * Page `page` of `perPage` entries with the patches GitHub cut read again; `readPage(size, page)`
 * reads a page of `size` entries. Anything unexpected (not a list, a malformed entry) is left as
 * it came, for the list's own checks to refuse.
 */
export async function refillPatches(
  data: unknown,
  at: { perPage: number; page: number },
  readPage: (size: number, page: number) => Promise<unknown>,
): Promise<unknown> {
  if (!Array.isArray(data) || at.perPage <= REFILL_PAGE || at.perPage % REFILL_PAGE !== 0) return data;
  const entries: unknown[] = (data as unknown[]).slice();
  const cut = cutEntries(entries);
  if (cut.length === 0) return data;
  const first = (at.page - 1) * at.perPage;
  const pages = [...new Set(cut.map((index) => Math.floor((first + index) / REFILL_PAGE) + 1))];
  for (const page of pages) {
    const again = await readPage(REFILL_PAGE, page);
    if (!Array.isArray(again)) continue;
    for (const value of again) {
      const fresh = asEntry(value);
      if (typeof fresh?.filename !== 'string' || typeof fresh.patch !== 'string') continue;
      const index = cut.find((i) => asEntry(entries[i])?.filename === fresh.filename);
      if (index === undefined) continue;
      const seen = asEntry(entries[index]) as RawEntry;
      if (seen.sha !== fresh.sha || seen.status !== fresh.status) {
        throw new GitHubListError(
          `GitHub's list of changed files changed while it was read: '${fresh.filename}' is listed with another blob or status on a second read; run again once it is stable`,
        );
      }
      entries[index] = value;
    }
  }
  return entries;
}

/** Indexes of the entries after the budget's threshold that lack a patch they may have had. */
function cutEntries(entries: readonly unknown[]): number[] {
  let lines = 0;
  let bytes = 0;
  const cut: number[] = [];
  entries.forEach((value, index) => {
    const entry = asEntry(value);
    if (entry === undefined) return;
    if (typeof entry.patch === 'string') {
      lines += entry.patch.split('\n').length;
      bytes += entry.patch.length;
      return;
    }
    const past = lines >= REFILL_AFTER.lines || bytes >= REFILL_AFTER.bytes;
    if (past && entry.status !== 'removed' && typeof entry.filename === 'string' && candidateLanguage(entry.filename) !== undefined) cut.push(index);
  });
  return cut;
}
