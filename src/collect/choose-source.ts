/**
 * Where the action reads the pull request from: the job's checkout when it holds the base and
 * the head commit (everything local, nothing through the API), else the GitHub API, with file
 * contents taken from the checkout's objects when it has them. One line in the log says which.
 */
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { readBaseSha } from '../github/pull-head';
import type { Logger } from '../domain/logger';
import type { PullRequestRef, PullRequestSource } from '../domain/pull-request';
import { shortSha } from '../domain/object-name';
import { openCheckoutSource } from './checkout-source';
import { createPullRequestSource } from './github-source';
import { gitBlobReader, withWorkspaceBlobs } from './workspace-blobs';

export interface ChosenSource {
  source: PullRequestSource;
  /** Where the files came from, for the log once the run is done. */
  describe(): string;
  close(): Promise<void>;
}

/** The base commit the event names for this pull request, when it does. */
export function eventBaseSha(payload: unknown, number: number): string | undefined {
  const pull = (payload as { pull_request?: { number?: unknown; base?: { sha?: unknown } } } | null)?.pull_request;
  return pull?.number === number && typeof pull.base?.sha === 'string' ? pull.base.sha : undefined;
}

export async function choosePullRequestSource(options: {
  /** The runner's workspace when it is a git checkout (config/environment.ts). */
  checkout: string | undefined;
  octokit: GitHubClient;
  pr: PullRequestRef;
  /** From the event; read from the pull request when the event has none. */
  baseSha: string | undefined;
  log: Logger & GitHubLog;
}): Promise<ChosenSource> {
  const { octokit, pr, log } = options;
  const apiSource = createPullRequestSource(octokit, { log });
  const workspace = options.checkout;
  if (workspace === undefined) {
    return { source: apiSource, describe: () => 'Changed files and contents: through the GitHub API (GITHUB_WORKSPACE is not a git checkout).', close: async () => {} };
  }

  const baseSha = options.baseSha ?? (await readBaseSha(octokit, pr).catch((error: unknown) => {
    log.debug(`Could not read the base commit of #${pr.number}: ${String(error)}`);
    return undefined;
  }));
  const opening = baseSha === undefined ? { kind: 'unavailable' as const, reason: 'the base commit is not known' } : await openCheckoutSource({ cwd: workspace, baseSha, headSha: pr.headSha });
  if (opening.kind === 'ready') {
    const { source } = opening;
    const range = `${shortSha(source.mergeBase)}...${shortSha(pr.headSha)}`;
    return {
      source,
      describe: () => `Changed files, patches and contents: from the checkout (git diff ${range}), none through the GitHub API.`,
      close: () => source.close(),
    };
  }
  log.info(
    `Reading the pull request through the GitHub API: ${opening.reason}. ` +
      'A checkout with both commits (actions/checkout with fetch-depth: 0) gives every file and patch without the API.',
  );
  const withBlobs = withWorkspaceBlobs(apiSource, gitBlobReader(workspace));
  return {
    source: withBlobs,
    describe: () => `File contents: ${withBlobs.stats.fromWorkspace} read from the workspace checkout, ${withBlobs.stats.fromApi} through the GitHub API.`,
    close: async () => {},
  };
}
