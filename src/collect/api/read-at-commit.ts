/**
 * A file's bytes at a given commit, by path: `GET /repos/{o}/{r}/contents/{path}?ref={sha}` with
 * GitHub's raw media type, streamed and capped like a blob (see read-blob.ts for why raw). Used
 * for the base version of a file (`score-baseline: base`), whose blob SHA the file list does
 * not give.
 */
import { shortSha } from '../../domain/object-name';
import { GitHubApiError, describePr, requestStatus } from '../../github/errors';
import type { GitHubClient } from '../../github/octokit';
import type { CommitRef, ReadFileOptions } from '../../domain/pull-request';
import { NotReviewableError } from '../errors';
import { rawBytesWithin } from './read-blob';

export async function readFileAtCommit(
  octokit: GitHubClient,
  pr: CommitRef & { number?: number },
  path: string,
  ref: string,
  options: ReadFileOptions = {},
): Promise<Uint8Array> {
  const what = `Reading '${path}' at ${shortSha(ref)} of ${describePr(pr)}`;
  let response: { headers: Record<string, string | number | undefined>; data: unknown };
  try {
    response = await octokit.rest.repos.getContent({
      owner: pr.owner,
      repo: pr.repo,
      path,
      ref,
      headers: { accept: 'application/vnd.github.raw+json' },
      request: { parseSuccessResponseBody: false, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    });
  } catch (error) {
    if (requestStatus(error) === 404) throw new NotReviewableError(path, `'${path}' is not at commit ${shortSha(ref)}`);
    throw new GitHubApiError(what, error);
  }
  return rawBytesWithin(response, path, options.maxBytes, what);
}
