/**
 * File contents through GitHub's GraphQL API, many blobs a query, instead of one REST request per
 * file: `GITHUB_TOKEN` allows 1,000 REST requests an hour for the whole repository, and a query
 * of 100 blobs costs about one point of the separate GraphQL budget.
 *
 * Sizes first, then texts, so an answer stays well under GitHub's limits: the file list names no
 * size, so the blobs' `byteSize` (and GitHub's `isBinary`) are asked for ahead of their texts,
 * riding along with the query before (one query more than the texts need, in all). A text query
 * holds at most `TEXTS_PER_QUERY` blobs and `BYTES_PER_QUERY` bytes of them; a blob over
 * `max-file-size` is refused without its text, as the REST read refuses it by its length.
 *
 * GitHub's `text` is "UTF8 text data": what it does with bytes that are not UTF-8 is its own
 * business. So a text is trusted only when its UTF-8 bytes hash to the blob's git object name
 * (SHA-1 or SHA-256): then they *are* the blob, byte for byte. Anything else — binary, truncated,
 * not UTF-8 (Latin-1, UTF-16), missing, an error for that alias, a query that failed — is read
 * through REST as before (read-blob.ts, read-at-commit.ts), one blob at a time, so every decoding
 * rule applies to the same bytes whichever way they came.
 *
 * Memory stays flat: queries go one at a time, ahead of the reader by about one query's bytes,
 * and each blob's bytes are dropped once taken.
 *
 * What the files' paths hold in the head commit's tree (a file or a symbolic link:
 * api-tree-entries.ts) rides along with the same queries, up to `ENTRIES_PER_QUERY` paths each.
 */
import { isObjectName } from '../domain/object-name';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { PullRequestRef, TreeEntry } from '../domain/pull-request';
import { ENTRIES_PER_QUERY, entriesSelection, readEntries, restTreeEntries } from './api-tree-entries';
import type { EntryOutcome } from './api-tree-entries';
import { BYTES_PER_QUERY, buildQuery, failedAliases, headOf, postQuery } from './graphql-query';
import { sizeOutcome, textOutcome } from './blob-answers';
import type { BatchedBlob } from './blob-answers';
import type { BlobName, GraphqlAnswer } from './graphql-query';

export type { BlobName } from './graphql-query';
export { BYTES_PER_QUERY } from './graphql-query';
export type { BatchedBlob } from './blob-answers';

/** Blob texts per query at most. */
export const TEXTS_PER_QUERY = 100;
/** Sizes asked per query at most (each answer is a few bytes). */
const SIZES_PER_QUERY = 2 * TEXTS_PER_QUERY;

export interface BatchStats {
  queries: number;
  /** Blobs whose bytes came from a query. */
  fromQueries: number;
  /** Planned blobs handed back to be read through REST. */
  toRest: number;
}

export interface BlobBatches {
  /** Plans these blobs, in the order they will be taken; `maxBytes` is max-file-size. */
  plan(names: readonly BlobName[], options: { maxBytes: number; signal?: AbortSignal }): void;
  /**
   * The pull request's head commit as GitHub has it when the next query is answered (asked along
   * with the blobs, or alone when none are planned within the tick); undefined when GraphQL did
   * not say.
   */
  headNow(): Promise<string | undefined>;
  /** The outcome for a planned blob; undefined when it was never planned (read it through REST). */
  take(name: BlobName): Promise<BatchedBlob> | undefined;
  /** Asks what these paths hold in the head commit's tree, in the next queries. */
  planEntries(paths: readonly string[]): void;
  /** What `path` holds in the head commit's tree: asked in the next query when never planned, through REST when GraphQL cannot say. */
  entryAt(path: string): Promise<TreeEntry | undefined>;
  readonly stats: BatchStats;
}

interface Item {
  name: BlobName;
  key: string;
  maxBytes: number;
  /** Planned and not yet taken, for files that share a blob. */
  refs: number;
  size?: number;
  /** The object name the text must hash to: the planned SHA, or the one GitHub named for the expression. */
  oid?: string;
  state: 'unsized' | 'sized' | 'asked' | 'done';
  outcome?: BatchedBlob;
  settled: Promise<BatchedBlob>;
  settle(outcome: BatchedBlob): void;
  /** Every planned reference was taken: it leaves the plan once done. */
  taken: boolean;
  /** Someone waits for it: it is fetched whatever the reader's lead. */
  waited: boolean;
}

const keyOf = (name: BlobName): string => ('oid' in name ? `oid:${name.oid}` : `expression:${name.expression}`);

export function createBlobBatches(octokit: GitHubClient, pr: PullRequestRef, log?: GitHubLog): BlobBatches {
  /** Every item not yet taken, in plan order. */
  const items: Item[] = [];
  const byKey = new Map<string, Item>();
  const stats: BatchStats = { queries: 0, fromQueries: 0, toRest: 0 };
  let signal: AbortSignal | undefined;
  let inFlight = false;
  /** Bytes fetched and not yet taken: the reader's lead, kept to about one query's worth. */
  let held = 0;
  /** Set once a whole query failed: GraphQL is not usable here, every blob goes through REST. */
  let broken: string | undefined;
  /** Callers of `headNow` waiting for the next query to ask for the head. */
  let headWanted: Array<(head: string | undefined) => void> = [];
  /** Each path asked about, and those not yet in a query; REST's trees for what GraphQL cannot say. */
  const entries = new Map<string, Promise<EntryOutcome>>();
  const restEntry = restTreeEntries(octokit, pr, pr.headSha);
  const entriesWanted: Array<{ path: string; settle: (outcome: EntryOutcome) => void }> = [];
  /** Set once a query with paths got no answer: paths are no longer asked in queries. */
  let entriesOff: string | undefined;
  const askEntry = (path: string): Promise<EntryOutcome> => {
    let found = entries.get(path);
    if (found === undefined) {
      const off = entriesOff;
      found = new Promise<EntryOutcome>((settle) => (off === undefined ? entriesWanted.push({ path, settle }) : settle({ kind: 'rest', why: off })));
      entries.set(path, found);
    }
    return found;
  };

  const leave = (item: Item): void => {
    const at = items.indexOf(item);
    if (at >= 0) items.splice(at, 1);
  };

  const finish = (item: Item, outcome: BatchedBlob): void => {
    if (item.state === 'done') return;
    item.state = 'done';
    if (outcome.kind === 'bytes') stats.fromQueries += 1;
    if (outcome.kind === 'rest') stats.toRest += 1;
    item.settle(outcome);
    // Done and taken: nothing here holds its bytes any more.
    if (item.taken) leave(item);
    else if (outcome.kind === 'bytes') {
      item.outcome = outcome;
      held += outcome.bytes.length;
    }
  };

  const pump = (): void => {
    if (inFlight) return;
    const open = items.filter((item) => item.state !== 'done');
    if (broken !== undefined) {
      for (const item of open) finish(item, { kind: 'rest', why: broken });
      answerHead(undefined);
      for (const asked of entriesWanted.splice(0)) asked.settle({ kind: 'rest', why: broken });
      return;
    }
    // Ahead of the reader only while what it has not taken is less than a query's worth; paths go at once.
    const wanted = open.some((item) => item.waited) || held < BYTES_PER_QUERY || headWanted.length > 0;
    if (open.length === 0 || !wanted) {
      if (headWanted.length > 0 || entriesWanted.length > 0) launch([], []);
      return;
    }
    const texts: Item[] = [];
    let bytes = 0;
    let sized = 0;
    for (const item of open) {
      if (item.state !== 'sized' || item.size === undefined) continue;
      sized += 1;
      if (texts.length >= TEXTS_PER_QUERY || (texts.length > 0 && bytes + item.size > BYTES_PER_QUERY)) continue;
      texts.push(item);
      bytes += item.size;
    }
    // Sizes about one query ahead of the texts: enough to fill the next one.
    const ahead = Math.max(0, SIZES_PER_QUERY - (sized - texts.length));
    const sizes = open.filter((item) => item.state === 'unsized').slice(0, texts.length === 0 ? SIZES_PER_QUERY : ahead);
    if (texts.length === 0 && sizes.length === 0 && headWanted.length === 0 && entriesWanted.length === 0) return;
    launch(texts, sizes);
  };

  const launch = (texts: Item[], sizes: Item[]): void => {
    inFlight = true;
    void query(texts, sizes).finally(() => {
      inFlight = false;
      pump();
    });
  };

  const answerHead = (head: string | undefined): void => {
    const waiting = headWanted;
    headWanted = [];
    for (const resolve of waiting) resolve(head);
  };

  const query = async (texts: Item[], sizes: Item[]): Promise<void> => {
    for (const item of [...texts, ...sizes]) item.state = item.state === 'sized' ? 'asked' : item.state;
    // Those who asked before this query went out get its answer; later ones the next query's.
    const heads = headWanted;
    headWanted = [];
    const paths = entriesWanted.splice(0, ENTRIES_PER_QUERY);
    const more = paths.length === 0 ? undefined : entriesSelection(pr.headSha, paths.map((p) => p.path));
    const built = buildQuery(pr, texts.map((i) => i.name), sizes.map((i) => i.name), heads.length > 0, more);
    const tell = (head: string | undefined): void => {
      for (const resolve of heads) resolve(head);
    };
    stats.queries += 1;
    let answer: GraphqlAnswer;
    try {
      answer = await postQuery(octokit, built.query, built.variables, signal);
    } catch (error) {
      // Not an answer at all (refused, unreachable, not JSON): GraphQL is no way in for this run.
      broken = `GitHub's GraphQL API did not answer (${error instanceof Error ? error.message : String(error)})`;
      if (signal?.aborted !== true) log?.info(`Reading file contents one by one through REST: ${broken}.`);
      for (const item of [...texts, ...sizes]) finish(item, { kind: 'rest', why: broken });
      for (const asked of paths) asked.settle({ kind: 'rest', why: broken });
      tell(undefined);
      return;
    }
    const failed = failedAliases(answer);
    const repository = answer.data?.repository;
    tell(headOf(repository, failed));
    readEntries(answer, paths.length).forEach((outcome, i) => paths[i]?.settle(outcome));
    if (repository === undefined || repository === null) {
      const why = `the query got no repository back (${answer.errors.map((e) => e.message).join('; ') || 'no reason given'})`;
      for (const item of [...texts, ...sizes]) finish(item, { kind: 'rest', why });
      // A server without Commit.file (an older GitHub Enterprise Server) refuses the whole query:
      // later queries leave the paths out, and what they hold is read through REST.
      if (paths.length > 0) {
        entriesOff = why;
        for (const asked of entriesWanted.splice(0)) asked.settle({ kind: 'rest', why });
      }
      return;
    }
    texts.forEach((item, i) => finish(item, textOutcome(item, repository[`t${i}`], failed.has(`t${i}`))));
    sizes.forEach((item, i) => sizeOutcome(item, repository[`s${i}`], failed.has(`s${i}`), finish));
  };

  return {
    stats,
    planEntries(paths) {
      for (const path of paths) void askEntry(path);
      pump();
    },
    async entryAt(path) {
      const found = askEntry(path);
      pump();
      const outcome = await found;
      if (outcome.kind === 'entry') return outcome.entry;
      log?.debug(`Reading what '${path}' is through REST: ${outcome.why}`);
      return restEntry(path);
    },
    headNow() {
      const head = new Promise<string | undefined>((resolve) => headWanted.push(resolve));
      // Plans made in this tick (the files just listed) go in the same query.
      setImmediate(pump);
      return head;
    },
    plan(names, options) {
      signal = options.signal ?? signal;
      for (const name of names) {
        const key = keyOf(name);
        const known = byKey.get(key);
        if (known !== undefined) {
          known.refs += 1;
          continue;
        }
        if ('oid' in name && !isObjectName(name.oid)) continue;
        let settle: (outcome: BatchedBlob) => void = () => undefined;
        const settled = new Promise<BatchedBlob>((resolve) => {
          settle = resolve;
        });
        const item: Item = { name, key, maxBytes: options.maxBytes, refs: 1, state: 'unsized', settled, settle, taken: false, waited: false };
        if ('oid' in name) item.oid = name.oid;
        items.push(item);
        byKey.set(key, item);
      }
      pump();
    },
    take(name) {
      const key = keyOf(name);
      const item = byKey.get(key);
      if (item === undefined) return undefined;
      item.refs -= 1;
      item.waited = true;
      if (item.refs <= 0) {
        // Every file that wanted it has it: later asks go through REST, and once done nothing here holds its bytes.
        byKey.delete(key);
        item.taken = true;
        if (item.state === 'done') {
          leave(item);
          if (item.outcome?.kind === 'bytes') held -= item.outcome.bytes.length;
          delete item.outcome;
        }
      }
      pump();
      return item.settled;
    },
  };
}
