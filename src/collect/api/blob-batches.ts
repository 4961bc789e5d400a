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
 * api/tree-entries.ts) rides along with the same queries, up to `ENTRIES_PER_QUERY` paths each.
 */
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import type { PullRequestRef, TreeEntry } from '../../domain/pull-request';
import { entriesSelection, readEntries, restTreeEntries } from './tree-entries';
import { buildQuery, failedAliases, headOf, postQuery } from './graphql-query';
import { sizeOutcome, textOutcome } from './blob-answers';
import type { BatchedBlob } from './blob-answers';
import { BlobPlan } from './blob-plan';
import type { BatchStats, PlannedBlob, QueryPick } from './blob-plan';
import { EntryAsks } from './entry-asks';
import type { EntryAsk } from './entry-asks';
import type { BlobName, GraphqlAnswer } from './graphql-query';

export type { BlobName } from './graphql-query';
export { BYTES_PER_QUERY } from './graphql-query';
export type { BatchedBlob } from './blob-answers';
export { TEXTS_PER_QUERY } from './blob-plan';
export type { BatchStats } from './blob-plan';

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

export function createBlobBatches(octokit: GitHubClient, pr: PullRequestRef, log?: GitHubLog): BlobBatches {
  return new ContentQueries(octokit, pr, log);
}

/** The callers of `headNow` that one query answers. */
interface HeadAsk {
  /** Whether anyone asked: the query asks for the head only then. */
  wanted: boolean;
  tell(head: string | undefined): void;
}

/** Callers of `headNow` waiting for the next query to ask for the head. */
class HeadAsks {
  private waiting: Array<(head: string | undefined) => void> = [];

  wait(): Promise<string | undefined> {
    return new Promise<string | undefined>((resolve) => this.waiting.push(resolve));
  }

  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** Those who asked before a query went out get its answer; later ones the next query's. */
  takeAll(): HeadAsk {
    const waiting = this.waiting;
    this.waiting = [];
    return {
      wanted: waiting.length > 0,
      tell: (head) => {
        for (const resolve of waiting) resolve(head);
      },
    };
  }
}

/** One query at a time, each asking what the plan, the head's callers and the paths want next. */
class ContentQueries implements BlobBatches {
  readonly stats: BatchStats = { queries: 0, fromQueries: 0, toRest: 0 };
  private readonly blobs = new BlobPlan(this.stats);
  private readonly heads = new HeadAsks();
  private readonly entries = new EntryAsks();
  /** REST's trees, for the paths GraphQL cannot say about. */
  private readonly restEntry: (path: string) => Promise<TreeEntry | undefined>;
  private signal: AbortSignal | undefined;
  private inFlight = false;
  /** Set once a whole query failed: GraphQL is not usable here, every blob goes through REST. */
  private broken: string | undefined;

  constructor(
    private readonly octokit: GitHubClient,
    private readonly pr: PullRequestRef,
    private readonly log: GitHubLog | undefined,
  ) {
    this.restEntry = restTreeEntries(octokit, pr, pr.headSha);
  }

  plan(names: readonly BlobName[], options: { maxBytes: number; signal?: AbortSignal }): void {
    this.signal = options.signal ?? this.signal;
    this.blobs.add(names, options.maxBytes);
    this.pump();
  }

  take(name: BlobName): Promise<BatchedBlob> | undefined {
    const item = this.blobs.take(name);
    if (item === undefined) return undefined;
    this.pump();
    return item.settled;
  }

  headNow(): Promise<string | undefined> {
    const head = this.heads.wait();
    // Plans made in this tick (the files just listed) go in the same query.
    setImmediate(() => this.pump());
    return head;
  }

  planEntries(paths: readonly string[]): void {
    for (const path of paths) void this.entries.ask(path);
    this.pump();
  }

  async entryAt(path: string): Promise<TreeEntry | undefined> {
    const found = this.entries.ask(path);
    this.pump();
    const outcome = await found;
    if (outcome.kind === 'entry') return outcome.entry;
    this.log?.debug(`Reading what '${path}' is through REST: ${outcome.why}`);
    return this.restEntry(path);
  }

  /** Sends the next query when none is under way and anything waits for one. */
  private pump(): void {
    if (this.inFlight) return;
    const open = this.blobs.open();
    if (this.broken !== undefined) {
      for (const item of open) this.blobs.finish(item, { kind: 'rest', why: this.broken });
      this.heads.takeAll().tell(undefined);
      this.entries.refuseWaiting(this.broken);
      return;
    }
    // Blobs only while the reader wants more; heads and paths go at once.
    const waiting = this.heads.pending || this.entries.pending;
    if (open.length === 0 || !(this.blobs.wantsMore(open) || this.heads.pending)) {
      if (waiting) this.launch({ texts: [], sizes: [] });
      return;
    }
    const pick = this.blobs.pick(open);
    if (pick.texts.length === 0 && pick.sizes.length === 0 && !waiting) return;
    this.launch(pick);
  }

  private launch(pick: QueryPick): void {
    this.inFlight = true;
    void this.query(pick).finally(() => {
      this.inFlight = false;
      this.pump();
    });
  }

  private async query({ texts, sizes }: QueryPick): Promise<void> {
    // Sizes stay unsized while asked: only one query is under way, and its answer settles them.
    for (const item of texts) item.state = 'asked';
    const heads = this.heads.takeAll();
    const paths = this.entries.next();
    const more = paths.length === 0 ? undefined : entriesSelection(this.pr.headSha, paths.map((p) => p.path));
    const built = buildQuery(this.pr, texts.map((i) => i.name), sizes.map((i) => i.name), heads.wanted, more);
    this.stats.queries += 1;
    let answer: GraphqlAnswer;
    try {
      answer = await postQuery(this.octokit, built.query, built.variables, this.signal);
    } catch (error) {
      // Not an answer at all (refused, unreachable, not JSON): GraphQL is no way in for this run.
      const broken = `GitHub's GraphQL API did not answer (${error instanceof Error ? error.message : String(error)})`;
      this.broken = broken;
      if (this.signal?.aborted !== true) this.log?.info(`Reading file contents one by one through REST: ${broken}.`);
      this.toRest([...texts, ...sizes], broken);
      for (const asked of paths) asked.settle({ kind: 'rest', why: broken });
      heads.tell(undefined);
      return;
    }
    this.settle(answer, { texts, sizes }, paths, heads);
  }

  /** Settles everything a query asked from its answer, each part only as far as the answer vouches for it. */
  private settle(answer: GraphqlAnswer, { texts, sizes }: QueryPick, paths: readonly EntryAsk[], heads: HeadAsk): void {
    const failed = failedAliases(answer);
    const repository = answer.data?.repository;
    heads.tell(headOf(repository, failed));
    readEntries(answer, paths.length).forEach((outcome, i) => paths[i]?.settle(outcome));
    if (repository === undefined || repository === null) {
      const why = `the query got no repository back (${answer.errors.map((e) => e.message).join('; ') || 'no reason given'})`;
      this.toRest([...texts, ...sizes], why);
      // A server without Commit.file (an older GitHub Enterprise Server) refuses the whole query:
      // later queries leave the paths out, and what they hold is read through REST.
      if (paths.length > 0) this.entries.stop(why);
      return;
    }
    const finish = (item: PlannedBlob, outcome: BatchedBlob): void => this.blobs.finish(item, outcome);
    texts.forEach((item, i) => finish(item, textOutcome(item, repository[`t${i}`], failed.has(`t${i}`))));
    sizes.forEach((item, i) => sizeOutcome(item, repository[`s${i}`], failed.has(`s${i}`), finish));
  }

  private toRest(items: readonly PlannedBlob[], why: string): void {
    for (const item of items) this.blobs.finish(item, { kind: 'rest', why });
  }
}
