/**
 * A merge group through the GitHub API: the files changed between its two commits, from GitHub's
 * comparison `base_sha...head_sha` (by SHA, never by branch name), and their contents read as
 * blobs at the head, each verified against its SHA.
 *
 * Its list of files must be the whole change, or the run stops there (comparison-files.ts): a
 * checkout holding both commits lists every file.
 */
import type { ChangedFile, MergeGroupRef, PullRequestSource } from '../../domain/pull-request';
import { FileNotFoundError, GitHubApiError } from '../../github/errors';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { readEntry } from '../../github/entry-shape';
import { shortSha } from '../../domain/object-name';
import { proveUnchanged } from './base-blobs';
import { COMPARISON, wholeChange } from './comparison-files';
import { createEntryLookups } from './tree-entries';
import { toChangedFile } from './listed-file';
import { readFileAtCommit } from './read-at-commit';
import { readBlob } from './read-blob';

export function createCompareSource(octokit: GitHubClient, group: MergeGroupRef, log?: GitHubLog): PullRequestSource {
  /** The comparison's merge base: the base versions are read there (score-baseline: base). */
  let mergeBase: string = group.baseSha;
  /** What the files' paths hold at the head: a file or a symbolic link (api/tree-entries.ts). */
  const entries = createEntryLookups(octokit, group, group.headSha, log);
  return {
    willRead(_commit, files, options) {
      if (options.base !== true) entries.plan(files.map((file) => file.path));
    },
    entryAt: (_commit, path) => entries.entryAt(path),
    async listChangedFiles() {
      let data: unknown;
      try {
        ({ data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: group.owner, repo: group.repo, basehead: `${group.baseSha}...${group.headSha}` }));
      } catch (error) {
        throw new GitHubApiError(`Comparing ${shortSha(group.baseSha)}...${shortSha(group.headSha)} of ${group.owner}/${group.repo}`, error);
      }
      const comparison = readEntry(COMPARISON, data, 'comparison');
      const entries = wholeChange(group, comparison);
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
