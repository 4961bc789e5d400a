/**
 * The GitHub requests a run makes, counted by kind as they go on the wire (a retry is one more
 * request: GitHub's budget counts it too). `GITHUB_TOKEN` allows 1,000 REST requests an hour per
 * repository, shared by every workflow of the repository, so the log says what this run spent:
 *
 * - list: a page of a paged list (`GET` with a `page` parameter: files, comments, check runs);
 * - read: any other `GET` (a blob, a file at a commit, the pull request);
 * - write: anything else on the REST API (a review, a comment, a check run);
 * - GraphQL: a query or mutation (`POST /graphql`), which spends the separate GraphQL budget.
 */
export const GITHUB_REQUEST_KINDS = ['list', 'read', 'write', 'graphql'] as const;
export type GitHubRequestKind = (typeof GITHUB_REQUEST_KINDS)[number];
export type GitHubRequestCounts = Record<GitHubRequestKind, number>;

export interface GitHubRequestCounter {
  /** Counts one request about to be sent. */
  count(method: string, url: string): void;
  /** The counts so far. */
  counts(): GitHubRequestCounts;
}

export function createRequestCounter(): GitHubRequestCounter {
  const counts: GitHubRequestCounts = { list: 0, read: 0, write: 0, graphql: 0 };
  return {
    count: (method, url) => {
      counts[requestKind(method, url)] += 1;
    },
    counts: () => ({ ...counts }),
  };
}

export function requestKind(method: string, url: string): GitHubRequestKind {
  const verb = method.toUpperCase();
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const path = parsed?.pathname ?? url;
  if (verb === 'POST' && /\/graphql$/.test(path)) return 'graphql';
  if (verb === 'GET' || verb === 'HEAD') return parsed?.searchParams.has('page') === true ? 'list' : 'read';
  return 'write';
}

/** The log line: `GitHub requests: 3 list, 2 read, 3 write, 3 GraphQL (11 in all).` */
export function describeRequestCounts(counts: GitHubRequestCounts): string {
  const total = GITHUB_REQUEST_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  return `GitHub requests: ${counts.list} list, ${counts.read} read, ${counts.write} write, ${counts.graphql} GraphQL (${total} in all).`;
}
