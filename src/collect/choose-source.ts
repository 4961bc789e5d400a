/**
 * Where the action reads the change from: the job's checkout when it holds the base and the head
 * commit (everything local, nothing through the API), else the GitHub API, with file contents
 * taken from the checkout's objects when it has them. One line in the log says which.
 *
 * A pull request is listed by GitHub's pull-request file list; a merge group by GitHub's
 * comparison of its two SHAs (compare-source.ts).
 */
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { Logger } from '../domain/logger';
import type { MergeGroupRef, PullRequestRef, PullRequestSource } from '../domain/pull-request';
import { openCheckoutSource } from './git/checkout-source';
import { createCompareSource } from './api/compare-source';
import { createPullRequestSource, forPull } from './api/pull-request-source';
import type { BatchStats } from './api/blob-batches';
import { plural } from '../domain/words';
import { gitBlobPresence, gitBlobReader, gitCommitTree, withWorkspaceBlobs } from './git/workspace-blobs';
import { checkoutLfsContents } from './git/lfs-store';
import { shortSha } from '../domain/object-name';

export interface ChosenSource {
  source: PullRequestSource;
  /** Where the files came from, for the log once the run is done. */
  describe(): string;
  close(): Promise<void>;
}

/** How the contents read through the API came: `12 in 2 GraphQL queries, 1 one by one through REST`. */
function describeReads(stats: BatchStats): string {
  return `${stats.fromQueries} in ${plural(stats.queries, 'GraphQL query', 'GraphQL queries')}, ${stats.toRest} one by one through REST`;
}

interface SourceOptions {
  /** The runner's workspace when it is a git checkout (config/environment.ts). */
  checkout: string | undefined;
  octokit: GitHubClient;
  log: Logger & GitHubLog;
}

export async function choosePullRequestSource(options: SourceOptions & {
  pr: PullRequestRef;
  /** The pull request's base commit, as GitHub has it when the run starts. */
  baseSha: string;
}): Promise<ChosenSource> {
  const { octokit, pr, log } = options;
  const github = createPullRequestSource(octokit, { log });
  // Through the API, the first page of files is asked for at once: it is under way while the run
  // reads its policy file.
  const api = { source: forPull(github, pr), readStats: () => github.readStats, startListing: () => github.startListing(pr), close: () => github.dropStarted() };
  if (options.checkout === undefined) return throughApi(api);
  return fromCheckoutOr(api, options.checkout, { what: 'the pull request', baseSha: options.baseSha, headSha: pr.headSha }, log);
}

/** A merge group: the checkout's diff of its two SHAs, else GitHub's comparison of them. */
export async function chooseMergeGroupSource(options: SourceOptions & { group: MergeGroupRef }): Promise<ChosenSource> {
  const { octokit, group, log } = options;
  const api = { source: createCompareSource(octokit, group, log) };
  if (options.checkout === undefined) return throughApi(api);
  return fromCheckoutOr(api, options.checkout, { what: 'the merge group', baseSha: group.baseSha, headSha: group.headSha }, log);
}

/** A source through the API, and how its planned reads went when it reads in batches. */
interface ApiSource {
  source: PullRequestSource;
  /** Read when the run is described, after its reads. */
  readStats?: () => BatchStats;
  /** Called once the run reads through the API: a source that can starts its list then. */
  startListing?: () => void;
  /** Called when the run is done with the source. */
  close?: () => void;
}

function throughApi(api: ApiSource): ChosenSource {
  api.startListing?.();
  return {
    source: api.source,
    describe: () => {
      const reads = readsOf(api);
      return `Changed files and contents: through the GitHub API (GITHUB_WORKSPACE is not a git checkout)${reads === undefined ? '' : `; contents ${reads}`}.`;
    },
    close: () => Promise.resolve(api.close?.()),
  };
}

/** `12 in 2 GraphQL queries, 1 one by one through REST`; undefined for a source that does not batch. */
function readsOf(api: ApiSource): string | undefined {
  return api.readStats === undefined ? undefined : describeReads(api.readStats());
}

async function fromCheckoutOr(
  api: ApiSource,
  workspace: string,
  change: { what: string; baseSha: string; headSha: string },
  log: Logger,
): Promise<ChosenSource> {
  const { baseSha, headSha } = change;
  const opening = await openCheckoutSource({ cwd: workspace, baseSha, headSha });
  if (opening.kind === 'ready') {
    const { source } = opening;
    const range = `${shortSha(source.mergeBase)}...${shortSha(headSha)}`;
    return {
      source,
      describe: () => `Changed files, patches and contents: from the checkout (git diff ${range}), none through the GitHub API.`,
      close: () => source.close(),
    };
  }
  log.info(
    `Reading ${change.what} through the GitHub API: ${opening.reason}. ` +
      'A checkout with both commits (actions/checkout with fetch-depth: 0) gives every file and patch without the API.',
  );
  api.startListing?.();
  const withBlobs = withWorkspaceBlobs(api.source, gitBlobReader(workspace), {
    present: gitBlobPresence(workspace),
    lfs: checkoutLfsContents(workspace),
    headTree: gitCommitTree(workspace, headSha),
  });
  return {
    source: withBlobs,
    describe: () => {
      const reads = readsOf(api);
      return `File contents: ${withBlobs.stats.fromWorkspace} read from the workspace checkout, ${withBlobs.stats.fromApi} through the GitHub API${reads === undefined ? '' : ` (${reads})`}.`;
    },
    close: () => Promise.resolve(api.close?.()),
  };
}
