/**
 * Reads people's access to the repository from GitHub, once per login and run: the first ask's
 * promise is kept and shared (by the comment event's check and by the dismissals the pipeline
 * reads), and logins are compared without case, as GitHub does. A failed or unreadable answer is
 * an `unknown` access, never an exception: the caller fails closed on it.
 *
 * The endpoint needs the repository's Metadata permission (read), which GitHub Apps and the
 * Actions token always have; a personal token needs push access to the repository.
 */
import { parseRepositoryAccess } from '../domain/repository-access';
import type { AccessReader, RepositoryAccess } from '../domain/repository-access';
import { describeGitHubError, requestStatus } from './errors';
import type { GitHubClient, GitHubLog } from './octokit';

function lookupFailure(error: unknown): string {
  const status = requestStatus(error);
  return status === undefined ? `no answer from GitHub: ${describeGitHubError(error)}` : `GitHub answered ${status}: ${describeGitHubError(error)}`;
}

export function createAccessReader(octokit: GitHubClient, repository: { owner: string; repo: string }, log?: GitHubLog): AccessReader {
  const asked = new Map<string, Promise<RepositoryAccess>>();
  return (login) => {
    const key = login.toLowerCase();
    const known = asked.get(key);
    if (known !== undefined) return known;
    const answer = octokit.rest.repos
      .getCollaboratorPermissionLevel({ owner: repository.owner, repo: repository.repo, username: login })
      .then(
        ({ data }) => parseRepositoryAccess(login, data as unknown),
        (error: unknown): RepositoryAccess => ({ kind: 'unknown', login, why: lookupFailure(error) }),
      )
      .then((access) => {
        log?.debug(`@${login}'s access to ${repository.owner}/${repository.repo}: ${access.kind === 'known' ? `${access.role} (base ${access.permission})` : access.why}`);
        return access;
      });
    asked.set(key, answer);
    return answer;
  };
}
