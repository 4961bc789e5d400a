/**
 * Every list review-gate reads from GitHub, read one way: page by page, each entry checked
 * against the shape its caller reads (the fields it uses, with their types), each entry kept once.
 *
 * - A list that changes while it is paged shifts its entries across pages: one shows up twice
 *   (and is reviewed, counted or deleted twice downstream). An exact repeat is dropped.
 * - Two entries of one identity that differ in what the caller reads mean the list changed
 *   between two pages: which one holds is unknown, so the list is refused (fail closed).
 * - A `null` or malformed entry is refused with the list, the page and the position, never read
 *   as something else, and never left to end the run with a `TypeError` downstream.
 * - A list that never ends (a server that links a next page forever) is refused after a bound.
 */
import { EntryShapeError, readEntry } from './entry-shape';
import type { Shape } from '../domain/shape';
import { GitHubApiError, GitHubListError } from './errors';
import { quoteValue } from '../domain/quote-value';

/** The pages a list is read in at most, unless it says otherwise: 10,000 entries at 100 a page. */
export const MAX_LIST_PAGES = 100;

/** What a list holds and how its entries are told apart. */
export interface ListSpec<T> {
  /** The list, as messages name it: `the files of acme/widgets#7`. */
  what: string;
  /** The fields of an entry the caller reads. */
  entry: Shape<T>;
  /**
   * The entry's identity within the list, as a message quotes it (`'src/a.py'`, `comment 1234`).
   * Without one (check-run annotations: equal ones are two annotations), nothing is dropped.
   */
  identity?: (entry: T) => string;
  /** Pages read at most: a list that still goes on is refused (default MAX_LIST_PAGES). */
  maxPages?: number;
  /** Stops once this many distinct entries are read: GitHub's own cap of the list. */
  maxEntries?: number;
  /** Told, after each page is checked, the distinct entries it added and whether another page follows. */
  onPage?(entries: readonly T[], at: { page: number; more: boolean }): void;
}

/** One page as the transport got it: its entries (unchecked) and whether another page follows. */
export interface ListPage {
  entries: unknown;
  more: boolean;
}

/** Reads every page (`fetchPage(1)`, `fetchPage(2)`, …) into the list's distinct entries, in order. */
export async function readPagedList<T>(spec: ListSpec<T>, fetchPage: (page: number) => Promise<ListPage>): Promise<T[]> {
  const maxPages = spec.maxPages ?? MAX_LIST_PAGES;
  const refuse = (detail: string): GitHubListError => new GitHubListError(`GitHub's list of ${spec.what} ${detail}`);
  const entries: T[] = [];
  /** Identity → the entry as read, its JSON and where it was first seen. */
  const seen = new Map<string, { entry: T; json: string; at: string }>();
  for (let page = 1; ; page++) {
    if (page > maxPages) throw refuse(`did not end after ${maxPages} pages; it is not read further`);
    const { entries: raw, more } = await fetchPage(page);
    if (!Array.isArray(raw)) throw refuse(`has ${quoteValue(raw, 40)} for page ${page}, not a list of entries`);
    const before = entries.length;
    const told = (last: boolean): T[] => {
      spec.onPage?.(entries.slice(before), { page, more: more && !last });
      return entries;
    };
    for (const [index, value] of raw.entries()) {
      const at = `page ${page}, position ${index + 1}`;
      if (value === null || value === undefined) throw refuse(`has a ${value === null ? 'null' : 'missing'} entry (${at})`);
      let entry: T;
      try {
        entry = readEntry(spec.entry, value);
      } catch (error) {
        if (error instanceof EntryShapeError) throw refuse(`has a malformed entry (${at}): ${error.message}`);
        throw error;
      }
      if (spec.identity === undefined) {
        entries.push(entry);
        continue;
      }
      const identity = spec.identity(entry);
      const json = JSON.stringify(entry);
      const first = seen.get(identity);
      if (first === undefined) {
        seen.set(identity, { entry, json, at });
        entries.push(entry);
      } else if (first.json !== json) {
        throw refuse(`changed while it was read: ${identity} is at ${first.at} and again at ${at}, with another ${differingFields(first.entry, entry).join(', ')}; run again once it is stable`);
      }
      if (spec.maxEntries !== undefined && entries.length >= spec.maxEntries) return told(true);
    }
    told(false);
    if (!more) return entries;
  }
}

/** The top-level fields whose values differ, for the message. */
function differingFields(a: unknown, b: unknown): string[] {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const names = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return names.filter((name) => JSON.stringify(left[name]) !== JSON.stringify(right[name]));
}

/** A REST answer: the page's body and its headers. */
export interface RestAnswer {
  data: unknown;
  headers: { link?: string | undefined };
}

/**
 * A REST list by `page` and `per_page`: another page follows exactly while GitHub links one
 * (`Link: <…>; rel="next"`). A page shorter than `per_page` does not end the list on its own:
 * GitHub can send one mid-list (entries it drops from a page, a list changing while it is read),
 * and taking it for the last would leave the pages after it unread. `request(page)` asks for one
 * page; `entriesOf` finds the entries in a body that wraps them (`{ total_count, check_runs: […] }`).
 */
export function readRestList<T>(
  // `perPage` is the caller's `per_page`, kept in the spec it builds; the Link header alone ends the list.
  spec: ListSpec<T> & { perPage: number },
  request: (page: number) => Promise<RestAnswer>,
  entriesOf: (data: unknown) => unknown = (data) => data,
): Promise<T[]> {
  return readPagedList(spec, async (page) => {
    const answer = await request(page);
    return { entries: entriesOf(answer.data), more: /rel="next"/.test(answer.headers.link ?? '') };
  });
}

/** A failed list as its caller says it: a refused list as it is (it names itself), a failed request as `action` failed. */
export function wrapListFailure(action: string, error: unknown): Error {
  return error instanceof GitHubListError ? error : new GitHubApiError(action, error);
}
