/**
 * A local fake of the GitHub REST routes review-gate uses, for tests, the end-to-end suite and
 * the offline demo. It keeps GitHub's shape where review-gate depends on it: real pagination
 * with `Link` headers, the 3,000-file cap, blobs under git's own blob SHA (base64 JSON, or raw
 * bytes with their Content-Length for the raw media type), and a review
 * endpoint that refuses (422, storing nothing) a comment on a line outside the diff's hunks, and
 * pending reviews as GitHub keeps them: a review created without `event` is PENDING, its comments
 * are not listed with the pull request's comments, a user holds at most one pending review per
 * pull request (any further review, pending or not, is refused with 422), and only a pending
 * review can be deleted.
 * Its hunk check is its own on purpose: the fake must not share a bug with src/diff.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { answerGraphql } from './fake-github-graphql';
import type { FakeObject } from './fake-github-objects';
import { createFakeChecks } from './fake-github-checks';
import type { ChecksPermission, FakeApp, FakeCheckRun, FakeChecks } from './fake-github-checks';
import { createFakePermissions } from './fake-github-permissions';
import type { FakeRole } from './fake-github-permissions';
import { createFakeTrees, graphqlMode, treeFiles } from './fake-github-trees';
import type { FakeHead, FakeTreeContent } from './fake-github-trees';

export interface FakeFile {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
  /** Served as a blob under git's SHA of these bytes. */
  content?: string | Buffer;
  additions?: number;
  deletions?: number;
  /**
   * Lines GitHub refuses to resolve although the patch shows them, as when its own diff no longer
   * matches the patch it listed (a push between listing and posting). Tests of the 422 path.
   */
  unresolvableLines?: number[];
  /** git's mode at the head (default `100644`): `120000` is a symbolic link, its content the target path. */
  mode?: '100644' | '100755' | '120000';
}

export interface FakePull {
  number: number;
  headSha: string;
  baseSha?: string;
  /** The head branch (default `feature`). */
  headRef?: string;
  /** The head repository's full name (default the fake's own repository; null: a deleted fork). */
  headRepo?: string | null;
  /** The base branch (default `main`). */
  baseRef?: string;
  /** Default `open`. */
  state?: 'open' | 'closed';
  /** A draft pull request (default false). */
  draft?: boolean;
  files: FakeFile[];
  /**
   * Contents at `baseSha` by path, served by `GET /contents/{path}?ref=` (score-baseline: base),
   * and at the merge base by GraphQL's `object(expression: "<sha>:<path>")`.
   */
  baseFiles?: Record<string, string | Buffer>;
  /** The merge base of `baseSha` and the head, as `GET /compare/{base}...{head}` names it (default `baseSha`). */
  mergeBaseSha?: string;
  /** Files at the head the pull request does not change, by path (fake-github-trees.ts). */
  tree?: Record<string, FakeTreeContent>;
}

/**
 * A merge group of the merge queue: the queue's own commit `headSha` on top of `baseSha`. Both are
 * commits of the repository (check runs may be written on them); `GET /compare/{base}...{head}`
 * lists `files` as GitHub does, at most 300 of them, each served as a blob.
 */
export interface FakeMergeGroup {
  baseSha: string;
  headSha: string;
  files: FakeFile[];
  /** Contents at `baseSha` by path, served by `GET /contents/{path}?ref=<baseSha>`. */
  baseFiles?: Record<string, string | Buffer>;
  /** Files at `headSha` the group does not change, by path (fake-github-trees.ts). */
  tree?: Record<string, FakeTreeContent>;
  /** Reshapes the comparison GitHub answers (a field left out, say); default as it is. */
  comparison?(answer: Record<string, unknown>): Record<string, unknown>;
}

export interface FakeGitHubOptions {
  owner: string;
  repo: string;
  pulls: FakePull[];
  /** Merge groups of the merge queue (default none). */
  mergeGroups?: FakeMergeGroup[];
  /** The one accepted token; any other (or none) gets 401. Unset: every request is accepted. */
  token?: string;
  /** Every write answers 403, as for a fork pull request's token. */
  readOnly?: boolean;
  /** Login of the token's user, author of everything it creates (default github-actions[bot]). */
  login?: string;
  /**
   * GraphQL's `viewer` (the token's account, `login` and `databaseId`) answers an error instead,
   * as when GitHub cannot say who the token is.
   */
  viewerRefused?: boolean;
  /** The `resolveReviewThread` mutation is refused (FORBIDDEN), as for a token that may not resolve threads. */
  refuseThreadResolution?: boolean;
  /** The token's `checks` permission (default write); `read` and `none` answer 403 as GitHub does. */
  checks?: ChecksPermission;
  /** Each login's role on the repository (`GET …/collaborators/{username}/permission`); unset: none. */
  permissions?: Record<string, FakeRole>;
  /** The app the token writes check runs as (default github-actions, as the Actions token). */
  checksApp?: FakeApp;
  /**
   * Serves a list as these pages instead of the usual slices (undefined: as usual), each with a
   * `Link` to the next: pages that overlap (a list that changed while it was read), entries GitHub
   * should never send (`null`, a field of the wrong type), a list that never ends.
   */
  listPages?(list: { path: string; items: unknown[]; perPage: number }): unknown[][] | undefined;
  /**
   * GitHub's budget of patch lines per page of a pull request's files: once the patches already
   * in the answer reach it, the later entries of that page come with no patch and 0 additions,
   * deletions and changes (unset: no budget).
   */
  patchBudgetLines?: number;
  /** Bytes of a blob's GraphQL `text` before it is truncated (default 512 KiB; see fake-github-objects.ts). */
  graphqlTextLimit?: number;
  /**
   * Contents of other commits of the repository by SHA, then by path: the head of a branch no
   * pull request of the fake is based on (the base an event names after a retarget, say). Served
   * by `GET /contents/{path}?ref=<sha>`, and check runs may be written on them.
   */
  commitFiles?: Record<string, Record<string, string | Buffer>>;
  /** GraphQL's schema has no `Commit.file`, as on an older GitHub Enterprise Server (see fake-github-objects.ts). */
  graphqlWithoutCommitFile?: boolean;
  /** The clock of `receivedAt` (default `performance.now`): a test's virtual clock, to see when on it each request came. */
  now?: () => number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  authorization?: string;
  /** Every other header, so tests can check a secret appears nowhere else. */
  headers: Record<string, string>;
  /** When the request came in: `performance.now()` (the simulator's clock too), or the fake's `now`. */
  receivedAt: number;
  /**
   * The index in `requests` of each earlier request the fake had not answered yet when this one's
   * body was in: what ran alongside it. Counted, not timed, so a test can tell writes overlapped.
   */
  unansweredOnArrival: number[];
}

/** An account as GitHub lists it on a comment: `id` is its numeric id (GraphQL's `databaseId`). */
export interface FakeUser { login: string; type: string; id?: number }

/** The Actions token's account: `github-actions[bot]` has this id on GitHub. */
const ACTIONS_BOT_ID = 41898282;

/** A stable id per login, as GitHub gives every account one (the Actions bot gets its real one). */
export function accountId(login: string): number {
  if (login.toLowerCase() === 'github-actions[bot]') return ACTIONS_BOT_ID;
  return 1_000_000 + Number.parseInt(createHash('sha1').update(login.toLowerCase()).digest('hex').slice(0, 7), 16);
}

/** The account of `login`: a bot when it ends in `[bot]`, as only an app's account can. */
export function fakeUser(login: string, type = login.endsWith('[bot]') ? 'Bot' : 'User'): FakeUser {
  return { login, type, id: accountId(login) };
}
export type FakeReviewState = 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED';
export interface FakeReview {
  id: number; pull_number: number; body: string; event: string; state: FakeReviewState; commit_id: string; html_url: string; user: FakeUser;
}
export interface FakeReviewComment {
  id: number; pull_number: number; pull_request_review_id: number; path: string; line: number; side: string;
  body: string; commit_id: string; html_url: string; user: FakeUser;
  /** GitHub's relation of the author to the repository: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, … */
  author_association: string;
  /** Set on a reply: the first comment of its thread. */
  in_reply_to_id?: number;
}
export interface FakeIssueComment { id: number; issue_number: number; body: string; html_url: string; user: FakeUser; created_at: string; updated_at: string }

/**
 * What the fake does instead of its usual answer. `afterHandling`: handle the request as usual
 * first (a review or comment is stored), then answer this instead — a write that landed but whose
 * answer was lost (a 502 from a proxy after GitHub committed it, or the connection cut).
 */
export type ForcedAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string>; afterHandling?: boolean }
  /** The connection is cut without an answer (the client sees a reset socket). */
  | { reset: true; afterHandling?: boolean }
  /** No answer, ever: the connection stays open until the client gives up or the fake closes. */
  | { hang: true; afterHandling?: boolean };

/** What happened to reviews over the fake's life; `reviews` holds only the ones still there. */
export interface FakeReviewCounts {
  /** Reviews created PENDING (without `event`). */
  pendingCreated: number;
  /** Pending reviews deleted. */
  pendingDeleted: number;
  /** Reviews created submitted (with `event`). */
  submitted: number;
}

export interface FakeGitHub {
  url: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  /** Reviews still on the pull requests, pending ones included (deleted ones are removed). */
  reviews: FakeReview[];
  reviewCounts: FakeReviewCounts;
  /** Comments of every review still there, pending ones included (not listed by the API). */
  reviewComments: FakeReviewComment[];
  issueComments: FakeIssueComment[];
  /** Blob SHA → bytes. */
  blobs: Map<string, Buffer>;
  /** Check runs on the repository's commits, with every annotation received. */
  checkRuns: FakeCheckRun[];
  /** A check run someone else wrote (another app, a job named like the check), already on a commit. */
  addCheckRun: FakeChecks['add'];
  /** The pull request is closed (or reopened): `GET /pulls/{n}` says so. */
  setPullState(pullNumber: number, state: 'open' | 'closed'): void;
  /** The next `times` requests matching `method` and `path` (exact, or a pattern) get `answer`. */
  failNext(route: { method: string; path: string | RegExp }, answer: ForcedAnswer, times?: number): void;
  /** A comment by someone else (or us), as if it were already on the pull request; a `…[bot]` login is an app's. */
  addIssueComment(issueNumber: number, body: string, login?: string): FakeIssueComment;
  /**
   * A review comment by `login`, as if it were already on the pull request: a person, another app
   * (`…[bot]`), or the token's own account (an earlier run's comment).
   */
  addReviewComment(pullNumber: number, comment: { path: string; line: number; body: string }, login: string): FakeReviewComment;
  /**
   * A reply by a person, in the thread of `inReplyTo`, as if they had posted it. `permission`, when
   * given, sets their role on the repository too (see `setPermission`).
   */
  addReply(pullNumber: number, inReplyTo: number, body: string, author: { login: string; association: string; type?: string; permission?: FakeRole }): FakeReviewComment;
  /** Sets the role on the repository that `GET …/collaborators/{login}/permission` answers. */
  setPermission(login: string, role: FakeRole): void;
  /**
   * A review by a person, submitted on `commitId` (default: the head), as `GET …/reviews` lists it;
   * `permission`, when given, sets their role on the repository too.
   */
  addReview(pullNumber: number, review: { login: string; state: Exclude<FakeReviewState, 'PENDING'>; commitId?: string; permission?: FakeRole }): FakeReview;
  /** GraphQL's `viewer` answers an error from now on (true), or the token's account again (false). */
  setViewerRefused(refused: boolean): void;
  /** Whether the review thread that `commentId` opens is resolved. */
  isThreadResolved(commentId: number): boolean;
  /**
   * A push that changes files: the pull request's head becomes `headSha` and its changed files
   * become `files` (their contents served as blobs). Earlier heads stay commits of the pull request.
   */
  push(pullNumber: number, headSha: string, files: FakeFile[]): void;
  /**
   * The next `times` requests matching the route run `effect` first (awaited: it may send its own
   * request to the fake, as a racing client would), then are handled as usual.
   */
  onNext(route: { method: string; path: string | RegExp }, effect: () => void | Promise<void>, times?: number): void;
  /**
   * A push: the pull request's head becomes `headSha`. Earlier heads stay commits of the pull
   * request, so a review on one is still accepted, as GitHub does (it shows it as outdated).
   */
  movePullHead(pullNumber: number, headSha: string): void;
  /** GraphQL lookups of this blob fail for their alias (null, with an error naming it), as on a GitHub timeout. */
  failGraphqlBlob(sha: string): void;
}

const FILE_LIST_CAP = 3000;
/** GitHub's comparison of two commits lists at most this many files, on its first page only. */
const COMPARE_FILE_CAP = 300;
const READ_ONLY = { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' };
const UNRESOLVED = { message: 'Unprocessable Entity', errors: ['Line could not be resolved'], status: '422' };
const ONE_PENDING = { message: 'Unprocessable Entity', errors: ['User can only have one pending review per pull request'], status: '422' };
const NOT_PENDING = { message: 'Unprocessable Entity', errors: ['Can not delete a non-pending pull request review'], status: '422' };
const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };

type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** A request that changes something on GitHub: any REST call but a GET, and a GraphQL mutation (a query only reads). */
export function isWriteRequest(request: RecordedRequest): boolean {
  if (request.path === '/graphql') {
    const query = (request.body as { query?: unknown } | undefined)?.query;
    return typeof query === 'string' && /^\s*mutation\b/.test(query);
  }
  return request.method !== 'GET';
}

/** git's blob SHA-1, so SHAs look and behave like GitHub's. */
export function gitBlobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** RIGHT (new-file) and LEFT (old-file) line ranges of a patch's hunks. */
export function hunkRanges(patch: string): { right: Array<[number, number]>; left: Array<[number, number]> } {
  const right: Array<[number, number]> = [];
  const left: Array<[number, number]> = [];
  for (const m of patch.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) {
    const [oldStart, oldCount, newStart, newCount] = [m[1], m[2] ?? '1', m[3], m[4] ?? '1'].map(Number) as [number, number, number, number];
    if (newCount > 0) right.push([newStart, newStart + newCount - 1]);
    if (oldCount > 0) left.push([oldStart, oldStart + oldCount - 1]);
  }
  return { right, left };
}

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const login = options.login ?? 'github-actions[bot]';
  // An app or Actions token acts as a bot ('…[bot]'); a personal token as its user.
  const me: FakeUser = fakeUser(login);
  const repoPath = `/repos/${options.owner}/${options.repo}`;
  const web = `https://github.com/${options.owner}/${options.repo}`;
  const requests: RecordedRequest[] = [];
  const unanswered = new Set<number>();
  const now = options.now ?? (() => performance.now());
  const reviews: FakeReview[] = [];
  const reviewCounts: FakeReviewCounts = { pendingCreated: 0, pendingDeleted: 0, submitted: 0 };
  const reviewComments: FakeReviewComment[] = [];
  const issueComments: FakeIssueComment[] = [];
  const resolvedThreads = new Set<number>();
  const blobs = new Map<string, Buffer>();
  const forced: Array<{ method: string; path: string | RegExp; answer: ForcedAnswer; left: number }> = [];
  const effects: Array<{ method: string; path: string | RegExp; effect: () => void | Promise<void>; left: number }> = [];
  /** Pull number → every head it had, the current one included. */
  const commits = new Map<number, Set<string>>(options.pulls.map((p) => [p.number, new Set([p.headSha])]));
  let nextId = 1000;
  const groups = options.mergeGroups ?? [];
  const isCommit = (sha: string): boolean =>
    options.pulls.some((p) => p.baseSha === sha || (commits.get(p.number)?.has(sha) ?? false)) ||
    groups.some((g) => g.baseSha === sha || g.headSha === sha) ||
    options.commitFiles?.[sha] !== undefined;
  const checks = createFakeChecks({
    web, permission: options.checks ?? 'write', isCommit, nextId: () => nextId++, ...(options.checksApp === undefined ? {} : { app: options.checksApp }),
  });
  const permissions = createFakePermissions(options.permissions);

  const shaOf = new Map<FakeFile, string>();
  const storeBlobs = (files: readonly FakeFile[]): void => {
    for (const file of files) {
      const bytes = file.content === undefined ? undefined : Buffer.from(file.content);
      // A file without content still gets a SHA (GitHub always sends one); it just is not served.
      const sha = bytes === undefined ? gitBlobSha(Buffer.from(`absent:${file.filename}`)) : gitBlobSha(bytes);
      if (bytes !== undefined) blobs.set(sha, bytes);
      shaOf.set(file, sha);
    }
  };
  for (const pull of options.pulls) storeBlobs(pull.files);
  for (const group of groups) storeBlobs(group.files);
  const storeBytes = (bytes: Buffer): string => {
    const sha = gitBlobSha(bytes);
    blobs.set(sha, bytes);
    return sha;
  };
  const unchanged = new Map<object, Map<string, { mode: string; sha: string }>>(
    [...options.pulls, ...groups].map((owner) => [owner, treeFiles(owner.tree, storeBytes)]),
  );
  /** A head's tree: the unchanged files, then the changed ones that are still there. */
  const headOf = (owner: FakePull | FakeMergeGroup): FakeHead => {
    const files = new Map(unchanged.get(owner));
    for (const file of owner.files) {
      const sha = shaOf.get(file);
      if (file.status !== 'removed' && sha !== undefined) files.set(file.filename, { mode: file.mode ?? '100644', sha });
    }
    return { commit: owner.headSha, files };
  };
  /** The heads a push moved a pull request on from: GitHub keeps each commit's tree readable. */
  const earlierHeads: FakeHead[] = [];
  /** Built again only when a push moves a head (`moved`): a large pull request's run asks for its trees thousands of times. */
  let currentHeads: FakeHead[] | undefined;
  const heads = (): FakeHead[] => (currentHeads ??= [...[...options.pulls, ...groups].map(headOf), ...earlierHeads]);
  const moved = (): void => {
    currentHeads = undefined;
  };
  const trees = createFakeTrees(heads);
  /** Comments of submitted reviews: GitHub shows a pending review's comments to nobody else. */
  const submittedComments = (pullNumber: number): FakeReviewComment[] =>
    reviewComments.filter((c) => c.pull_number === pullNumber && reviews.find((r) => r.id === c.pull_request_review_id)?.state !== 'PENDING');
  const graphqlThreads = {
    roots: (pullNumber: number) => submittedComments(pullNumber).filter((c) => c.in_reply_to_id === undefined),
    commentIds: (rootId: number) => reviewComments.filter((c) => c.id === rootId || c.in_reply_to_id === rootId).map((c) => c.id),
    resolved: resolvedThreads,
    refuseResolve: () => options.refuseThreadResolution === true || options.readOnly === true,
  };

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (Buffer.isBuffer(body)) {
      res.writeHead(status, { 'content-type': 'application/vnd.github.raw', 'content-length': String(body.length), ...headers });
      res.end(body);
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  function paginate<T>(reply: Reply, base: string, query: Record<string, string>, items: T[], cut: (page: unknown[]) => unknown[] = (page) => page): void {
    const perPage = Math.min(Math.max(Number(query.per_page ?? 30) || 30, 1), 100);
    const page = Math.max(Number(query.page ?? 1) || 1, 1);
    const served = options.listPages?.({ path: new URL(base).pathname, items, perPage });
    const last = served?.length ?? Math.max(Math.ceil(items.length / perPage), 1);
    const link = (p: number, rel: string): string => `<${base}?${new URLSearchParams({ ...query, per_page: String(perPage), page: String(p) }).toString()}>; rel="${rel}"`;
    const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [];
    const entries = served === undefined ? items.slice((page - 1) * perPage, page * perPage) : (served[page - 1] ?? []);
    reply(200, cut(entries), links.length > 0 ? { link: links.join(', ') } : {});
  }

  /** The merge base GitHub names for `base...head`: a pull request's, when these are its base and one of its heads. */
  function mergeBaseOf(base: string, head: string): string | undefined {
    const pull = options.pulls.find((p) => p.baseSha === base && (commits.get(p.number)?.has(head) ?? false));
    return pull === undefined ? undefined : (pull.mergeBaseSha ?? pull.baseSha);
  }

  /** The object `<commit>:<path>` names at a pull request's base or merge base (GraphQL `object`). */
  function objectAt(expression: string): FakeObject | undefined {
    const colon = expression.indexOf(':');
    const [sha, path] = [expression.slice(0, colon), expression.slice(colon + 1)];
    const pull = options.pulls.find((p) => p.baseSha === sha || (p.baseSha !== undefined && (p.mergeBaseSha ?? p.baseSha) === sha));
    const content = colon < 0 ? undefined : pull?.baseFiles?.[path];
    if (content === undefined) return undefined;
    const bytes = Buffer.from(content);
    return { oid: gitBlobSha(bytes), bytes };
  }
  const failingGraphqlBlobs = new Set<string>();
  const graphqlObjects = {
    byOid: (oid: string): FakeObject | undefined => {
      const bytes = blobs.get(oid);
      return bytes === undefined ? undefined : { oid, bytes };
    },
    byExpression: objectAt,
    failing: (oid: string) => failingGraphqlBlobs.has(oid),
    pullHead: (number: number) => options.pulls.find((p) => p.number === number)?.headSha,
    isCommit: (oid: string) => heads().some((h) => h.commit === oid),
    commitFile: (commit: string, path: string) => {
      const entry = trees.entryAt(commit, path);
      return entry === undefined ? undefined : { mode: graphqlMode(entry.mode), oid: entry.sha, type: entry.type };
    },
    ...(options.graphqlTextLimit === undefined ? {} : { textLimit: options.graphqlTextLimit }),
    ...(options.graphqlWithoutCommitFile === true ? { noCommitFile: true } : {}),
  };

  /** A page of a pull request's files as GitHub cuts it: past the patch budget, no patch and no counts. */
  function withPatchBudget(entries: unknown[]): unknown[] {
    const budget = options.patchBudgetLines;
    if (budget === undefined) return entries;
    let used = 0;
    return entries.map((entry) => {
      const file = entry as { patch?: string };
      if (file.patch === undefined) return entry;
      if (used >= budget) {
        const { patch: _cut, ...rest } = file as Record<string, unknown>;
        return { ...rest, additions: 0, deletions: 0, changes: 0 };
      }
      used += file.patch.split('\n').length;
      return entry;
    });
  }

  /** A changed file as GitHub lists it (`GET /pulls/{n}/files`, and the files of a comparison). */
  function listedFile(f: FakeFile): Record<string, unknown> {
    return {
      sha: shaOf.get(f), filename: f.filename, status: f.status, additions: f.additions ?? 0, deletions: f.deletions ?? 0,
      changes: (f.additions ?? 0) + (f.deletions ?? 0),
      ...(f.previous_filename === undefined ? {} : { previous_filename: f.previous_filename }),
      ...(f.patch === undefined ? {} : { patch: f.patch }),
    };
  }

  /** A pull request as `GET /pulls/{n}` (and, with fewer fields on GitHub, the list) shows it. */
  function pullJson(pull: FakePull): Record<string, unknown> {
    const full = `${options.owner}/${options.repo}`;
    const repoJson = (name: string) => ({ full_name: name, owner: { login: name.split('/')[0] } });
    const headRepo = pull.headRepo === undefined ? repoJson(full) : pull.headRepo === null ? null : repoJson(pull.headRepo);
    return {
      number: pull.number, state: pull.state ?? 'open', draft: pull.draft ?? false, html_url: `${web}/pull/${pull.number}`, changed_files: pull.files.length,
      head: { sha: pull.headSha, ref: pull.headRef ?? 'feature', repo: headRepo, label: `${headRepo?.owner.login ?? 'unknown'}:${pull.headRef ?? 'feature'}` },
      base: { sha: pull.baseSha ?? '0'.repeat(40), ref: pull.baseRef ?? 'main', repo: repoJson(full) },
    };
  }

  /**
   * `GET /pulls`: `state` (default open), `head` as `owner:branch` (the head repository's owner,
   * a fork's included) and `base` (a branch) filter the list, as on GitHub; oldest first here.
   */
  function listedPulls(query: Record<string, string>): Record<string, unknown>[] {
    const state = query.state ?? 'open';
    const colon = query.head?.indexOf(':') ?? -1;
    const [headOwner, headRef] = query.head === undefined ? [] : colon < 0 ? [query.head, undefined] : [query.head.slice(0, colon), query.head.slice(colon + 1)];
    return options.pulls
      .filter((p) => state === 'all' || (p.state ?? 'open') === state)
      .filter((p) => query.base === undefined || (p.baseRef ?? 'main') === query.base)
      .map(pullJson)
      .filter((p) => {
        const head = p.head as { ref: string; repo: { owner: { login: string } } | null };
        if (headOwner === undefined) return true;
        return head.repo !== null && head.repo.owner.login.toLowerCase() === headOwner.toLowerCase() && (headRef === undefined || head.ref === headRef);
      });
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown, reply: Reply, base: string, accept = ''): void {
    const write = method !== 'GET';
    if (path === '/user' && method === 'GET') {
      // GitHub refuses /user to app installation tokens, the Actions token among them.
      return me.type === 'Bot' ? reply(403, READ_ONLY) : reply(200, { login: me.login, type: me.type });
    }
    // GraphQL answers every request with 200, refusals included (see fake-github-graphql.ts).
    if (path === '/graphql' && method === 'POST') {
      return reply(200, answerGraphql(body, graphqlThreads, graphqlObjects, options.viewerRefused === true ? undefined : { login: me.login, databaseId: me.id ?? null }));
    }
    if (write && options.readOnly === true) return reply(403, READ_ONLY);
    const rest = path.startsWith(`${repoPath}/`) ? path.slice(repoPath.length) : undefined;
    const match = (pattern: RegExp): number | undefined => {
      const m = rest === undefined ? null : pattern.exec(rest);
      return m === null ? undefined : Number(m[1]);
    };
    const pullOf = (n: number | undefined): FakePull | undefined => options.pulls.find((p) => p.number === n);
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

    if (rest !== undefined && checks.route(method, rest, query, input, reply, (items) => paginate(reply, base, query, items))) return;
    if (rest !== undefined && permissions.route(method, rest, reply)) return;
    const contentPath = rest === undefined ? null : /^\/contents\/(.+)$/.exec(rest);
    if (contentPath !== null && method === 'GET') {
      const path = decodeURIComponent(contentPath[1] ?? '');
      const pullAtBase = options.pulls.find((p) => p.baseSha !== undefined && p.baseSha === query.ref);
      const groupAtBase = groups.find((g) => g.baseSha === query.ref);
      const content = pullAtBase?.baseFiles?.[path] ?? groupAtBase?.baseFiles?.[path] ?? options.commitFiles?.[query.ref ?? '']?.[path];
      if (content === undefined) return reply(404, NOT_FOUND);
      const bytes = Buffer.from(content);
      if (/vnd\.github(?:\.v3)?\.raw/.test(accept)) return reply(200, bytes);
      return reply(200, { type: 'file', path, sha: gitBlobSha(bytes), size: bytes.length, encoding: 'base64', content: bytes.toString('base64') });
    }
    const compared = rest === undefined ? null : /^\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})$/.exec(rest);
    if (compared !== null && method === 'GET') {
      const [, baseSha = '', headSha = ''] = compared;
      const group = groups.find((g) => g.baseSha === baseSha && g.headSha === headSha);
      if (group !== undefined) {
        // The files come with the first page only, and at most 300 of them, as on GitHub.
        const files = Number(query.page ?? 1) > 1 ? [] : group.files.slice(0, COMPARE_FILE_CAP).map(listedFile);
        // Each commit with its tree, as GitHub shows them: a group that changes nothing has the base's tree.
        const baseTree = { sha: gitBlobSha(Buffer.from(`tree of ${baseSha}`)) };
        const headTree = group.files.length === 0 ? baseTree : { sha: gitBlobSha(Buffer.from(`tree of ${headSha}`)) };
        const answer: Record<string, unknown> = {
          url: `${base}`, html_url: `${web}/compare/${baseSha}...${headSha}`, status: 'ahead', ahead_by: 1, behind_by: 0, total_commits: 1,
          base_commit: { sha: baseSha, commit: { tree: baseTree } }, merge_base_commit: { sha: baseSha, commit: { tree: baseTree } },
          commits: [{ sha: headSha, commit: { tree: headTree } }], files,
        };
        return reply(200, group.comparison?.(answer) ?? answer);
      }
      const mergeBase = mergeBaseOf(baseSha, headSha);
      if (mergeBase === undefined) return reply(404, NOT_FOUND);
      // GitHub's shape, trimmed: the commits and the files of the comparison are left empty.
      return reply(200, {
        url: `${base}`, html_url: `${web}/compare/${baseSha}...${headSha}`, status: 'ahead', ahead_by: 1, behind_by: 0, total_commits: 1,
        base_commit: { sha: baseSha }, merge_base_commit: { sha: mergeBase }, commits: [], files: [],
      });
    }
    if (rest === '/pulls' && method === 'GET') return paginate(reply, base, query, listedPulls(query));
    let n = match(/^\/pulls\/(\d+)$/);
    let pull = pullOf(n);
    if (pull !== undefined && method === 'GET') return reply(200, pullJson(pull));
    pull = pullOf(match(/^\/pulls\/(\d+)\/files$/));
    if (pull !== undefined && method === 'GET') {
      return paginate(reply, base, query, pull.files.slice(0, FILE_LIST_CAP).map(listedFile), withPatchBudget);
    }
    const treeSha = rest === undefined ? undefined : /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest)?.[1];
    const listing = treeSha === undefined ? undefined : trees.listing(treeSha);
    if (treeSha !== undefined && method === 'GET') {
      if (listing === undefined) return reply(404, NOT_FOUND);
      return reply(200, { sha: treeSha, url: base, truncated: false, tree: listing.map((e) => ({ ...e, url: `${base}/${e.sha}` })) });
    }
    const blobSha = rest === undefined ? undefined : /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest)?.[1];
    const blob = blobSha === undefined ? undefined : blobs.get(blobSha);
    if (blob !== undefined && method === 'GET') {
      // The raw media type answers the bytes themselves, with their length; the default, JSON and base64.
      if (/vnd\.github(?:\.v3)?\.raw/.test(accept)) return reply(200, blob);
      const content = (blob.toString('base64').match(/.{1,60}/g) ?? []).join('\n');
      return reply(200, { sha: blobSha, size: blob.length, encoding: 'base64', content });
    }
    pull = pullOf(match(/^\/pulls\/(\d+)\/reviews$/));
    if (pull !== undefined && method === 'GET') return paginate(reply, base, query, reviews.filter((r) => r.pull_number === pull?.number).map(reviewJson));
    if (pull !== undefined && method === 'POST') return createReview(reply, pull, input);
    const reviewPath = rest === undefined ? null : /^\/pulls\/(\d+)\/reviews\/(\d+)$/.exec(rest);
    if (reviewPath !== null && method === 'DELETE') return deleteReview(reply, Number(reviewPath[1]), Number(reviewPath[2]));
    const shown = reviewPath === null ? undefined : reviews.find((r) => r.pull_number === Number(reviewPath[1]) && r.id === Number(reviewPath[2]));
    if (shown !== undefined && method === 'GET') return reply(200, reviewJson(shown));
    if (shown !== undefined && method === 'PUT') {
      if (shown.user.login !== login) return reply(403, READ_ONLY);
      if (typeof input.body !== 'string' || input.body === '') return reply(422, { message: 'Validation Failed' });
      shown.body = input.body;
      return reply(200, reviewJson(shown));
    }
    pull = pullOf(match(/^\/pulls\/(\d+)\/comments$/));
    // A pending review's comments are its author's draft: GitHub lists them nowhere else.
    if (pull !== undefined && method === 'GET') return paginate(reply, base, query, submittedComments(pull.number));
    if (pull !== undefined && method === 'POST' && input.in_reply_to !== undefined) return createReply(reply, pull.number, Number(input.in_reply_to), input.body, me);
    const replyPath = rest === undefined ? null : /^\/pulls\/(\d+)\/comments\/(\d+)\/replies$/.exec(rest);
    if (replyPath !== null && pullOf(Number(replyPath[1])) !== undefined && method === 'POST') {
      return createReply(reply, Number(replyPath[1]), Number(replyPath[2]), input.body, me);
    }
    n = match(/^\/issues\/(\d+)\/comments$/);
    if (pullOf(n) !== undefined && method === 'GET') return paginate(reply, base, query, issueComments.filter((c) => c.issue_number === n));
    if (n !== undefined && pullOf(n) !== undefined && method === 'POST') {
      if (typeof input.body !== 'string' || input.body === '') return reply(422, { message: 'Validation Failed', errors: [{ field: 'body', code: 'missing_field' }] });
      return reply(201, addIssueComment(n, input.body));
    }
    const commentId = match(/^\/issues\/comments\/(\d+)$/);
    const comment = issueComments.find((c) => c.id === commentId);
    if (comment !== undefined && method === 'PATCH') {
      if (comment.user.login !== login) return reply(403, READ_ONLY);
      if (typeof input.body !== 'string') return reply(422, { message: 'Validation Failed' });
      comment.body = input.body;
      comment.updated_at = new Date().toISOString();
      return reply(200, comment);
    }
    if (comment !== undefined && method === 'DELETE') {
      if (comment.user.login !== login) return reply(403, READ_ONLY);
      issueComments.splice(issueComments.indexOf(comment), 1);
      return reply(204, undefined);
    }
    const reviewCommentId = match(/^\/pulls\/comments\/(\d+)$/);
    const reviewComment = reviewComments.find((c) => c.id === reviewCommentId);
    if (reviewComment !== undefined && method === 'PATCH') {
      if (reviewComment.user.login !== login) return reply(403, READ_ONLY);
      if (typeof input.body !== 'string' || input.body === '') return reply(422, { message: 'Validation Failed' });
      reviewComment.body = input.body;
      return reply(200, reviewComment);
    }
    if (reviewComment !== undefined && method === 'DELETE') {
      if (reviewComment.user.login !== login) return reply(403, READ_ONLY);
      reviewComments.splice(reviewComments.indexOf(reviewComment), 1);
      return reply(204, undefined);
    }
    reply(404, NOT_FOUND);
  }

  /** A reply joins the thread of the comment it answers: GitHub points it at the thread's first comment. */
  function createReply(reply: Reply, pullNumber: number, inReplyTo: number, body: unknown, author: FakeUser, association = 'NONE'): void {
    const parent = reviewComments.find((c) => c.id === inReplyTo && c.pull_number === pullNumber);
    if (parent === undefined) return reply(404, NOT_FOUND);
    if (typeof body !== 'string' || body === '') return reply(422, { message: 'Validation Failed', errors: [{ field: 'body', code: 'missing_field' }] });
    reply(201, addReplyTo(parent, body, author, association));
  }

  function addReplyTo(parent: FakeReviewComment, body: string, author: FakeUser, association: string): FakeReviewComment {
    const id = nextId++;
    const added: FakeReviewComment = {
      ...parent, id, body, user: author, author_association: association, in_reply_to_id: parent.in_reply_to_id ?? parent.id,
      html_url: `${web}/pull/${parent.pull_number}#discussion_r${id}`,
    };
    reviewComments.push(added);
    return added;
  }

  /** A review as the API shows it: `submitted_at` only once it is submitted. */
  function reviewJson(review: FakeReview): Record<string, unknown> {
    const { event: _event, ...shown } = review;
    return review.state === 'PENDING' ? shown : { ...shown, submitted_at: new Date(0).toISOString() };
  }

  function deleteReview(reply: Reply, pullNumber: number, reviewId: number): void {
    const index = reviews.findIndex((r) => r.id === reviewId && r.pull_number === pullNumber);
    const review = reviews[index];
    if (review === undefined) return reply(404, NOT_FOUND);
    if (review.state !== 'PENDING') return reply(422, NOT_PENDING);
    reviews.splice(index, 1);
    for (let i = reviewComments.length - 1; i >= 0; i--) {
      if (reviewComments[i]?.pull_request_review_id === reviewId) reviewComments.splice(i, 1);
    }
    reviewCounts.pendingDeleted++;
    reply(200, reviewJson(review));
  }

  function createReview(reply: Reply, pull: FakePull, input: Record<string, unknown>): void {
    const commitId = typeof input.commit_id === 'string' ? input.commit_id : pull.headSha;
    const event = typeof input.event === 'string' && input.event !== '' ? input.event : 'PENDING';
    const body = typeof input.body === 'string' ? input.body : '';
    const comments = Array.isArray(input.comments) ? (input.comments as Array<Record<string, unknown>>) : [];
    if (!(commits.get(pull.number)?.has(commitId) ?? false)) return reply(422, { message: 'Unprocessable Entity', errors: ['Commit ID is not part of the pull request'], status: '422' });
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && body === '') {
      return reply(422, { message: 'Unprocessable Entity', errors: [`Body is required for ${event} event`], status: '422' });
    }
    const resolvable = (c: Record<string, unknown>): boolean => {
      const file = pull.files.find((f) => f.filename === c.path);
      if (file?.patch === undefined || typeof c.line !== 'number' || typeof c.body !== 'string') return false;
      if (file.unresolvableLines?.includes(c.line) === true) return false;
      const ranges = hunkRanges(file.patch)[c.side === 'LEFT' ? 'left' : 'right'];
      return ranges.some(([from, to]) => c.line as number >= from && c.line as number <= to);
    };
    // GitHub refuses any new review, submitted or not, while the user holds a pending one.
    if (reviews.some((r) => r.pull_number === pull.number && r.state === 'PENDING' && r.user.login === login)) return reply(422, ONE_PENDING);
    if (!comments.every(resolvable)) return reply(422, UNRESOLVED);
    const state: FakeReviewState =
      event === 'PENDING' ? 'PENDING' : event === 'APPROVE' ? 'APPROVED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : 'COMMENTED';
    const review: FakeReview = { id: nextId++, pull_number: pull.number, body, event, state, commit_id: commitId, html_url: '', user: me };
    review.html_url = `${web}/pull/${pull.number}#pullrequestreview-${review.id}`;
    reviews.push(review);
    for (const c of comments) {
      const id = nextId++;
      reviewComments.push({
        id, pull_number: pull.number, pull_request_review_id: review.id, path: String(c.path), line: Number(c.line),
        side: c.side === 'LEFT' ? 'LEFT' : 'RIGHT', body: String(c.body), commit_id: commitId, html_url: `${web}/pull/${pull.number}#discussion_r${id}`, user: me,
        author_association: 'NONE',
      });
    }
    if (state === 'PENDING') reviewCounts.pendingCreated++;
    else reviewCounts.submitted++;
    reply(200, reviewJson(review));
  }

  function addIssueComment(issueNumber: number, body: string, author = login): FakeIssueComment {
    const id = nextId++;
    const now = new Date().toISOString();
    const comment = { id, issue_number: issueNumber, body, html_url: `${web}/pull/${issueNumber}#issuecomment-${id}`, user: author === login ? me : fakeUser(author), created_at: now, updated_at: now };
    issueComments.push(comment);
    return comment;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = now();
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return send(res, 400, { message: 'Problems parsing JSON' });
    }
    const method = req.method ?? 'GET';
    const { authorization, ...others } = req.headers;
    const headers = Object.fromEntries(Object.entries(others).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const query = Object.fromEntries(url.searchParams);
    const index = requests.length;
    const unansweredOnArrival = [...unanswered];
    requests.push({ method, path: url.pathname, query, ...(body === undefined ? {} : { body }), ...(authorization === undefined ? {} : { authorization }), headers, receivedAt, unansweredOnArrival });
    // Answered once the answer is handed to the socket (or the connection is gone): before the client can read it.
    unanswered.add(index);
    const answered = (): void => void unanswered.delete(index);
    res.once('finish', answered).once('close', answered);

    if (options.token !== undefined && authorization !== `token ${options.token}` && authorization !== `Bearer ${options.token}`) {
      return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    }
    const matches = (r: { method: string; path: string | RegExp }): boolean =>
      r.method === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname));
    const effect = effects.find((e) => e.left > 0 && matches(e));
    if (effect !== undefined) {
      effect.left--;
      await effect.effect();
    }
    const force = forced.find((f) => f.left > 0 && matches(f));
    const base = `http://${req.headers.host ?? 'localhost'}${url.pathname}`;
    if (force !== undefined) {
      force.left--;
      const { answer } = force;
      if (answer.afterHandling === true) route(method, url.pathname, query, body, () => undefined, base);
      if ('reset' in answer) return void req.socket.destroy();
      // Left open on purpose; close() ends it with every other connection.
      if ('hang' in answer) return;
      return send(res, answer.status, answer.body ?? { message: `Forced ${answer.status}` }, answer.headers);
    }
    route(method, url.pathname, query, body, (status, payload, headers) => send(res, status, payload, headers), base, req.headers.accept);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: `Fake GitHub failed: ${String(error)}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests, reviews, reviewCounts, reviewComments, issueComments, blobs, checkRuns: checks.runs, addCheckRun: (run) => checks.add(run),
    setPullState(pullNumber, state) {
      const pull = options.pulls.find((p) => p.number === pullNumber);
      if (pull === undefined) throw new TypeError(`Expected a pull request of the fake, got #${pullNumber}`);
      pull.state = state;
    },
    failNext(route, answer, times = 1) {
      forced.push({ method: route.method.toUpperCase(), path: route.path, answer, left: times });
    },
    onNext(route, effect, times = 1) {
      effects.push({ method: route.method.toUpperCase(), path: route.path, effect, left: times });
    },
    movePullHead(pullNumber, headSha) {
      const pull = options.pulls.find((p) => p.number === pullNumber);
      if (pull === undefined) throw new TypeError(`Expected a pull request of the fake, got #${pullNumber}`);
      earlierHeads.push(headOf(pull));
      pull.headSha = headSha;
      commits.get(pullNumber)?.add(headSha);
      moved();
    },
    addIssueComment: (issueNumber, body, author) => addIssueComment(issueNumber, body, author),
    addReview: (pullNumber, review) => {
      const id = nextId++;
      const commit = review.commitId ?? options.pulls.find((p) => p.number === pullNumber)?.headSha ?? '';
      const added: FakeReview = {
        id, pull_number: pullNumber, body: '', event: review.state, state: review.state, commit_id: commit,
        html_url: `${web}/pull/${pullNumber}#pullrequestreview-${id}`, user: fakeUser(review.login),
      };
      reviews.push(added);
      if (review.permission !== undefined) permissions.set(review.login, review.permission);
      return added;
    },
    addReviewComment: (pullNumber, comment, author) => {
      const id = nextId++;
      const added: FakeReviewComment = {
        id, pull_number: pullNumber, pull_request_review_id: nextId++, path: comment.path, line: comment.line, side: 'RIGHT',
        body: comment.body, commit_id: options.pulls.find((p) => p.number === pullNumber)?.headSha ?? '', html_url: `${web}/pull/${pullNumber}#discussion_r${id}`,
        user: author === login ? me : fakeUser(author), author_association: 'NONE',
      };
      reviewComments.push(added);
      return added;
    },
    addReply: (pullNumber, inReplyTo, body, author) => {
      const parent = reviewComments.find((c) => c.id === inReplyTo && c.pull_number === pullNumber);
      if (parent === undefined) throw new TypeError(`Expected a review comment of #${pullNumber}, got ${inReplyTo}`);
      if (author.permission !== undefined) permissions.set(author.login, author.permission);
      return addReplyTo(parent, body, fakeUser(author.login, author.type ?? 'User'), author.association);
    },
    isThreadResolved: (commentId) => resolvedThreads.has(commentId),
    setViewerRefused: (refused) => {
      options.viewerRefused = refused;
    },
    failGraphqlBlob: (sha) => {
      failingGraphqlBlobs.add(sha);
    },
    setPermission: (login, role) => permissions.set(login, role),
    push(pullNumber, headSha, files) {
      const pull = options.pulls.find((p) => p.number === pullNumber);
      if (pull === undefined) throw new TypeError(`Expected a pull request of the fake, got #${pullNumber}`);
      earlierHeads.push(headOf(pull));
      storeBlobs(files);
      pull.files = files;
      pull.headSha = headSha;
      commits.get(pullNumber)?.add(headSha);
      moved();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        // Keep-alive connections of the client would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
