/**
 * A merge group through the GitHub API: the files changed between its two commits, from GitHub's
 * comparison `base_sha...head_sha` (by SHA, never by branch name), and their contents read as
 * blobs at the head, each verified against its SHA.
 *
 * The comparison lists at most 300 files, all on its first page, and says nothing of the rest. A
 * group that reaches that many may change more, and a file never listed would pass unseen, so
 * the run stops there: a checkout holding both commits lists every file.
 */
import { ExplainedError } from '../domain/errors';
import type { ChangedFile, MergeGroupRef, PullRequestSource } from '../domain/pull-request';
import { FileNotFoundError, GitHubApiError } from '../github/errors';
import { list, object, optional, string } from '../github/entry-shape';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { shortSha } from '../domain/object-name';
import { proveUnchanged } from './base-blobs';
import { LISTED_FILE, toChangedFile } from './github-source';
import { readFileAtCommit } from './read-at-commit';
import { readBlob } from './read-blob';

/** GitHub's comparison of two commits lists at most this many changed files. */
export const MAX_COMPARED_FILES = 300;

const COMPARISON = object({ merge_base_commit: object({ sha: string }), files: optional(list(LISTED_FILE)) });

/** The comparison may have left files out: reviewing the rest alone would pass what was never seen. */
export class ComparisonTooLargeError extends ExplainedError {
  override readonly name = 'ComparisonTooLargeError' as const;
  constructor(group: MergeGroupRef, listed: number) {
    super(
      `GitHub's comparison of ${shortSha(group.baseSha)}...${shortSha(group.headSha)} lists ${listed} changed files, and it lists at most ` +
        `${MAX_COMPARED_FILES} changed files, so the merge group may change more that would never be reviewed. ` +
        'Check out both commits (actions/checkout with fetch-depth: 0) so every file is read from git',
    );
  }
}

export function createCompareSource(octokit: GitHubClient, group: MergeGroupRef, log?: GitHubLog): PullRequestSource {
  /** The comparison's merge base: the base versions are read there (score-baseline: base). */
  let mergeBase: string = group.baseSha;
  return {
    async listChangedFiles() {
      let data: unknown;
      try {
        ({ data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: group.owner, repo: group.repo, basehead: `${group.baseSha}...${group.headSha}` }));
      } catch (error) {
        throw new GitHubApiError(`Comparing ${shortSha(group.baseSha)}...${shortSha(group.headSha)} of ${group.owner}/${group.repo}`, error);
      }
      const comparison = COMPARISON(data, 'comparison');
      const entries = comparison.files ?? [];
      if (entries.length >= MAX_COMPARED_FILES) throw new ComparisonTooLargeError(group, entries.length);
      mergeBase = comparison.merge_base_commit.sha;
      const files: ChangedFile[] = entries.map(toChangedFile);
      await proveUnchanged(octokit, group, () => Promise.resolve(group.baseSha), files, log);
      return { files, truncated: false };
    },
    async readFile(_commit, file, options) {
      const { blobSha } = file;
      if (blobSha === undefined) throw new FileNotFoundError(file.path, undefined);
      return readBlob(octokit, group, { ...file, blobSha }, options);
    },
    readBaseFile: (_commit, file, options) => readFileAtCommit(octokit, group, file.previousPath ?? file.path, mergeBase, options),
  };
}
