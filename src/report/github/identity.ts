/**
 * Whose hidden markers to trust. Anyone can write `<!-- review-gate:summary -->` or a
 * fingerprint into a comment on a pull request: trusting every one would let a pull request's
 * author suppress inline findings (fingerprints are predictable) or have review-gate edit, and
 * so vouch for, their comment. Markers count only in comments by the token's own identity or by
 * a bot account: the Actions token and GitHub Apps comment as bots, which no person can be;
 * a personal token is recognised by its login.
 */
import { nullable, object, optional, string } from '../../github/entry-shape';
import type { GitHubClient, GitHubLog } from '../../github/octokit';

export interface CommentAuthor {
  login: string;
  type?: string;
}

/** A comment's `user` as GitHub lists it: null for an account that is gone. */
export const COMMENT_AUTHOR = nullable(object({ login: string, type: optional(string) }));

export type AuthorTrust = (author: CommentAuthor | null | undefined) => Promise<boolean>;

export function createAuthorTrust(octokit: GitHubClient, log?: GitHubLog): AuthorTrust {
  let identity: Promise<string | undefined> | undefined;
  const ownLogin = (): Promise<string | undefined> => {
    identity ??= octokit.rest.users.getAuthenticated().then(
      ({ data }) => data.login,
      (error: unknown) => {
        // App installation tokens (the Actions token) may not read /user: they are bots.
        log?.debug(`GET /user: ${error instanceof Error ? error.message : String(error)}; trusting bot authors only`);
        return undefined;
      },
    );
    return identity;
  };
  return async (author) => {
    if (author === null || author === undefined) return false;
    if (author.type === 'Bot') return true;
    return author.login === (await ownLogin());
  };
}
