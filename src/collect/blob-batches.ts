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
 */
import { isObjectName } from '../domain/object-name';
import { describePr } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { PullRequestRef } from '../domain/pull-request';
import { readCapped } from './read-blob';
import { blobObjectName } from './workspace-blobs';

/** Blob texts per query at most. */
export const TEXTS_PER_QUERY = 100;
/** Bytes of blob text per query at most (the JSON answer is a little larger). */
export const BYTES_PER_QUERY = 3 * 1024 * 1024;
/** Sizes asked per query at most (each answer is a few bytes). */
const SIZES_PER_QUERY = 2 * TEXTS_PER_QUERY;
/** The largest answer read: well over what `BYTES_PER_QUERY` of text can take in JSON. */
const MAX_ANSWER_BYTES = 8 * BYTES_PER_QUERY;

/** What names a wanted blob: its SHA (a head blob), or `<commit>:<path>` (a base version). */
export type BlobName = { oid: string } | { expression: string };

/** How a planned blob came out of its query. */
export type BatchedBlob =
  | { kind: 'bytes'; bytes: Buffer }
  /** GitHub lists it larger than the limit it was planned with: refused without its text. */
  | { kind: 'too-large'; size: number; maxBytes: number }
  /** Not vouched for here: read it through REST (`why` is for the debug log). */
  | { kind: 'rest'; why: string };

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
      return;
    }
    if (open.length === 0) {
      if (headWanted.length > 0) launch([], []);
      return;
    }
    // Ahead of the reader only while what it has not taken is less than a query's worth.
    const wanted = open.some((item) => item.waited) || held < BYTES_PER_QUERY || headWanted.length > 0;
    if (!wanted) return;
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
    if (texts.length === 0 && sizes.length === 0 && headWanted.length === 0) return;
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
    const built = buildQuery(pr, texts.map((i) => i.name), sizes.map((i) => i.name), heads.length > 0);
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
      tell(undefined);
      return;
    }
    const failed = failedAliases(answer);
    const repository = answer.data?.repository;
    tell(headOf(repository, failed));
    if (repository === undefined || repository === null) {
      const why = `the query got no repository back (${answer.errors.map((e) => e.message).join('; ') || 'no reason given'})`;
      for (const item of [...texts, ...sizes]) finish(item, { kind: 'rest', why });
      return;
    }
    texts.forEach((item, i) => finish(item, textOutcome(item, repository[`t${i}`], failed.has(`t${i}`))));
    sizes.forEach((item, i) => sizeOutcome(item, repository[`s${i}`], failed.has(`s${i}`), finish));
  };

  return {
    stats,
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

  function textOutcome(item: Item, value: unknown, failed: boolean): BatchedBlob {
    if (failed) return { kind: 'rest', why: 'GitHub failed on it in the query' };
    const blob = asBlob(value);
    if (blob === undefined) return { kind: 'rest', why: 'the query found no blob' };
    const oid = item.oid ?? blob.oid;
    if (oid === undefined || !isObjectName(oid)) return { kind: 'rest', why: 'the query named no object' };
    if (blob.byteSize !== undefined && blob.byteSize > item.maxBytes) return { kind: 'too-large', size: blob.byteSize, maxBytes: item.maxBytes };
    if (blob.isTruncated !== false || typeof blob.text !== 'string') return { kind: 'rest', why: 'GitHub sent no whole text (binary or truncated)' };
    const bytes = Buffer.from(blob.text, 'utf8');
    // The object name is the hash of the bytes: a text that is not the blob (not UTF-8, say) fails here.
    if (blobObjectName(bytes, oid.length) !== oid) return { kind: 'rest', why: 'its text is not the blob byte for byte (not UTF-8)' };
    return { kind: 'bytes', bytes };
  }
}

/** A size answer: the blob is sized for a later text query, or done (missing, binary, too large). */
function sizeOutcome(item: Item, value: unknown, failed: boolean, finish: (item: Item, outcome: BatchedBlob) => void): void {
  if (failed) return finish(item, { kind: 'rest', why: 'GitHub failed on it in the query' });
  const blob = asBlob(value);
  if (blob?.byteSize === undefined) return finish(item, { kind: 'rest', why: 'the query found no blob' });
  if (item.oid === undefined) {
    if (blob.oid === undefined || !isObjectName(blob.oid)) return finish(item, { kind: 'rest', why: 'the query named no object' });
    item.oid = blob.oid;
  }
  if (blob.byteSize > item.maxBytes) return finish(item, { kind: 'too-large', size: blob.byteSize, maxBytes: item.maxBytes });
  // GitHub sends no text for what it calls binary; the REST read decides what the bytes are.
  if (blob.isBinary !== false) return finish(item, { kind: 'rest', why: 'GitHub calls it binary' });
  item.size = blob.byteSize;
  item.state = 'sized';
}

interface BlobFields {
  oid?: string;
  byteSize?: number;
  isBinary?: unknown;
  isTruncated?: unknown;
  text?: unknown;
}

/** The Blob fields of an alias's answer, each kept only with its schema type; undefined for null or a non-blob. */
function asBlob(value: unknown): BlobFields | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { oid, byteSize, isBinary, isTruncated, text } = value as Record<string, unknown>;
  if (byteSize !== undefined && !(typeof byteSize === 'number' && Number.isSafeInteger(byteSize) && byteSize >= 0)) return undefined;
  const blob: BlobFields = { isBinary, isTruncated, text };
  if (typeof oid === 'string') blob.oid = oid;
  if (typeof byteSize === 'number') blob.byteSize = byteSize;
  return blob;
}

/** The head GitHub named for the pull request, if the answer has it. */
function headOf(repository: Record<string, unknown> | null | undefined, failed: Set<string>): string | undefined {
  if (failed.has('pull') || typeof repository !== 'object' || repository === null) return undefined;
  const pull = repository.pull;
  const head = typeof pull === 'object' && pull !== null ? (pull as { headRefOid?: unknown }).headRefOid : undefined;
  return typeof head === 'string' && isObjectName(head) ? head : undefined;
}

/**
 * The query: `t<i>` asks for texts, `s<i>` for sizes, `pull` for the pull request's head; names
 * go in as variables, never into the text.
 */
export function buildQuery(
  pr: PullRequestRef,
  texts: readonly BlobName[],
  sizes: readonly BlobName[],
  head = false,
): { query: string; variables: Record<string, string | number> } {
  const variables: Record<string, string | number> = { owner: pr.owner, repo: pr.repo };
  const declared: string[] = ['$owner: String!', '$repo: String!'];
  const fields: string[] = [];
  if (head) {
    variables.number = pr.number;
    declared.push('$number: Int!');
    fields.push('pull: pullRequest(number: $number) { headRefOid }');
  }
  const ask = (alias: string, name: BlobName, blobFields: string): void => {
    const oid = 'oid' in name;
    variables[alias] = oid ? name.oid : name.expression;
    declared.push(`$${alias}: ${oid ? 'GitObjectID' : 'String'}!`);
    fields.push(`${alias}: object(${oid ? 'oid' : 'expression'}: $${alias}) { oid ... on Blob { ${blobFields} } }`);
  };
  texts.forEach((name, i) => ask(`t${i}`, name, 'byteSize isBinary isTruncated text'));
  sizes.forEach((name, i) => ask(`s${i}`, name, 'byteSize isBinary'));
  return {
    query: `query(${declared.join(', ')}) {\n  repository(owner: $owner, name: $repo) {\n    ${fields.join('\n    ')}\n  }\n}`,
    variables,
  };
}

interface GraphqlAnswer {
  data?: { repository?: Record<string, unknown> | null } | null;
  errors: Array<{ message: string; path: unknown[] }>;
}

/**
 * POSTs the query and parses the answer itself: octokit's own parser runs a regular expression
 * over the whole body, which is slow on an answer of megabytes (see read-blob.ts).
 */
async function postQuery(octokit: GitHubClient, query: string, variables: Record<string, string | number>, signal: AbortSignal | undefined): Promise<GraphqlAnswer> {
  const baseUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);
  // GitHub Enterprise Server answers GraphQL at /api/graphql, beside /api/v3 (as @octokit/graphql does).
  const url = /\/api\/v3\/?$/.test(baseUrl) ? baseUrl.replace(/\/api\/v3\/?$/, '/api/graphql') : '/graphql';
  const response = await octokit.request({
    method: 'POST',
    url,
    query,
    variables,
    request: { parseSuccessResponseBody: false, ...(signal === undefined ? {} : { signal }) },
  });
  const what = 'the GraphQL answer';
  const body = await readCapped(response.data as ReadableStream<Uint8Array> | null, MAX_ANSWER_BYTES, what);
  if (body === undefined) throw new Error(`${what} is over ${MAX_ANSWER_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${what} is not an object`);
  const { data, errors } = parsed as { data?: unknown; errors?: unknown };
  const list = Array.isArray(errors) ? errors : [];
  return {
    ...(typeof data === 'object' ? { data: data as GraphqlAnswer['data'] } : {}),
    errors: list.map((e: unknown) => {
      const entry = (typeof e === 'object' && e !== null ? e : {}) as { message?: unknown; path?: unknown };
      return { message: typeof entry.message === 'string' ? entry.message : '', path: Array.isArray(entry.path) ? entry.path : [] };
    }),
  };
}

/** The aliases an error names (`path: ['repository', 't3', …]`). */
function failedAliases(answer: GraphqlAnswer): Set<string> {
  return new Set(answer.errors.flatMap((e) => (e.path[0] === 'repository' && typeof e.path[1] === 'string' ? [e.path[1]] : [])));
}

/** For messages: which pull request the blobs are of. */
export function describeBatches(pr: PullRequestRef, stats: BatchStats): string {
  return `${describePr(pr)}: ${stats.fromQueries} files in ${stats.queries} GraphQL queries, ${stats.toRest} read one by one through REST`;
}
