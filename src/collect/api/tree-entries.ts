/**
 * What a path holds in a commit's tree, through the GitHub API: GitHub's file list and blobs do
 * not tell a symbolic link from a file (both are blobs), the tree's mode does.
 *
 * - GraphQL first: `Commit.file(path:)` is a TreeEntry whose `mode` is git's octal mode read as
 *   a number (33188 for `100644`, 40960 for `120000`, 16384 for a folder); a path the commit does
 *   not hold answers null with a NOT_FOUND error. Many paths go in one query, riding along with
 *   the content queries (blob-batches.ts) or on their own (`createEntryLookups`).
 * - REST when GraphQL cannot say: `GET /git/trees/{sha}`, one folder at a time from the commit's
 *   root, each listing read once (modes as octal strings).
 */
import { isObjectName } from '../../domain/object-name';
import type { CommitRef, TreeEntry } from '../../domain/pull-request';
import { GitHubApiError } from '../../github/errors';
import { boolean, list, object, optional, string } from '../../domain/shape';
import { readEntry } from '../../github/entry-shape';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { entryOfMode } from '../git/tree-entry';
import { addSelection, finishQuery, postQuery, startQuery } from './graphql-query';
import type { GraphqlAnswer, QueryParts } from './graphql-query';

/** Paths asked per query at most. */
export const ENTRIES_PER_QUERY = 100;

/** How GraphQL answered for one path: its entry (undefined: the commit holds nothing there), or ask REST. */
export type EntryOutcome = { kind: 'entry'; entry: TreeEntry | undefined } | { kind: 'rest'; why: string };

/** The part of a query asking what `paths` hold at `commit`: `head { e<i>: file(path:) { mode oid } }`. */
export function entriesSelection(commit: string, paths: readonly string[]): QueryParts {
  const variables: Record<string, string> = { headCommit: commit };
  const declared = ['$headCommit: GitObjectID!'];
  const files = paths.map((path, i) => {
    variables[`e${i}`] = path;
    declared.push(`$e${i}: String!`);
    return `e${i}: file(path: $e${i}) { mode oid }`;
  });
  return { variables, declared, fields: [`head: object(oid: $headCommit) { ... on Commit { ${files.join(' ')} } }`] };
}

/** The outcome for each of `count` paths asked by `entriesSelection`, in order. */
export function readEntries(answer: GraphqlAnswer, count: number): EntryOutcome[] {
  const commit = answer.data?.repository?.head;
  const errorsOf = (alias: string) => answer.errors.filter((e) => e.path[0] === 'repository' && e.path[1] === 'head' && e.path[2] === alias);
  return Array.from({ length: count }, (_, i): EntryOutcome => {
    if (typeof commit !== 'object' || commit === null) return { kind: 'rest', why: 'the query found no commit' };
    const errors = errorsOf(`e${i}`);
    if (errors.length > 0) {
      return errors.every((e) => e.type === 'NOT_FOUND') ? { kind: 'entry', entry: undefined } : { kind: 'rest', why: errors.map((e) => e.message).join('; ') };
    }
    const value = (commit as Record<string, unknown>)[`e${i}`];
    const { mode, oid } = (typeof value === 'object' && value !== null ? value : {}) as { mode?: unknown; oid?: unknown };
    const entry = typeof mode === 'number' && Number.isSafeInteger(mode) && typeof oid === 'string' && isObjectName(oid) ? entryOfMode(mode.toString(8), oid) : undefined;
    return entry === undefined ? { kind: 'rest', why: 'the query named no known mode for it' } : { kind: 'entry', entry };
  });
}

const TREE = object({
  truncated: optional(boolean),
  tree: list(object({ path: string, mode: string, sha: string })),
});

/** What a path holds at `commit`, through REST's trees: one request per folder on the way, each read once. */
export function restTreeEntries(octokit: GitHubClient, ref: Pick<CommitRef, 'owner' | 'repo'>, commit: string): (path: string) => Promise<TreeEntry | undefined> {
  const listings = new Map<string, Promise<ReturnType<typeof TREE>>>();
  const listing = (sha: string): Promise<ReturnType<typeof TREE>> => {
    let found = listings.get(sha);
    if (found === undefined) {
      found = octokit.rest.git.getTree({ owner: ref.owner, repo: ref.repo, tree_sha: sha }).then(
        ({ data }) => readEntry(TREE, data, 'tree'),
        (error: unknown) => {
          throw new GitHubApiError(`Reading the tree ${sha} of ${ref.owner}/${ref.repo}`, error);
        },
      );
      listings.set(sha, found);
    }
    return found;
  };
  return async (path) => {
    const names = path.split('/');
    let tree = commit;
    for (const [i, name] of names.entries()) {
      const { tree: entries, truncated } = await listing(tree);
      const entry = entries.find((e) => e.path === name);
      if (entry === undefined) {
        if (truncated === true) throw new Error(`GitHub's listing of ${names.slice(0, i).join('/') || 'the root'} at ${commit} is truncated`);
        return undefined;
      }
      const kind = entryOfMode(entry.mode, entry.sha);
      if (i === names.length - 1) return kind;
      if (kind?.kind !== 'folder') return undefined;
      tree = entry.sha;
    }
    return undefined;
  };
}

export interface EntryLookups {
  /** Asks for these paths now, in queries of up to `ENTRIES_PER_QUERY`. */
  plan(paths: readonly string[]): void;
  entryAt(path: string): Promise<TreeEntry | undefined>;
}

/**
 * Entry lookups at `commit` in queries of their own (a source without content batches): planned
 * paths at once, others gathered within a tick; what GraphQL cannot say goes to REST.
 */
export function createEntryLookups(octokit: GitHubClient, ref: Pick<CommitRef, 'owner' | 'repo'>, commit: string, log?: GitHubLog): EntryLookups {
  const known = new Map<string, Promise<TreeEntry | undefined>>();
  const rest = restTreeEntries(octokit, ref, commit);
  let waiting: Array<{ path: string; settle: (outcome: EntryOutcome) => void }> = [];
  let broken: string | undefined;

  const send = async (batch: typeof waiting): Promise<void> => {
    if (broken !== undefined) return batch.forEach((item) => item.settle({ kind: 'rest', why: broken ?? '' }));
    const query = startQuery(ref);
    addSelection(query, entriesSelection(commit, batch.map((item) => item.path)));
    const built = finishQuery(query);
    try {
      const answer = await postQuery(octokit, built.query, built.variables, undefined);
      readEntries(answer, batch.length).forEach((outcome, i) => batch[i]?.settle(outcome));
    } catch (error) {
      broken = `GitHub's GraphQL API did not answer (${error instanceof Error ? error.message : String(error)})`;
      log?.debug(`Reading what paths hold through REST: ${broken}.`);
      batch.forEach((item) => item.settle({ kind: 'rest', why: broken ?? '' }));
    }
  };
  const flush = (): void => {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += ENTRIES_PER_QUERY) void send(all.slice(start, start + ENTRIES_PER_QUERY));
  };
  const ask = (path: string): Promise<TreeEntry | undefined> => {
    let found = known.get(path);
    if (found === undefined) {
      found = new Promise<EntryOutcome>((settle) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ path, settle });
      }).then((outcome) => (outcome.kind === 'entry' ? outcome.entry : rest(path)));
      // Asked ahead: a failure is seen by whoever takes it.
      void found.catch(() => undefined);
      known.set(path, found);
    }
    return found;
  };
  return {
    plan: (paths) => {
      for (const path of paths) void ask(path);
    },
    entryAt: ask,
  };
}
