/**
 * Whose hidden markers to trust: only the account this run posts as. Anyone can write
 * `<!-- review-gate:summary -->` or a fingerprint into a comment on a pull request — a person,
 * and just as well any GitHub App installed on the repository. Trusting every bot's comment let
 * another app's comment pass for review-gate's own thread, and a maintainer's reply to it then
 * dismissed a finding; trusting a person's would let the pull request's author suppress inline
 * findings (fingerprints are predictable) or have review-gate edit, and so vouch for, their text.
 *
 * So the run learns its identity once, from GraphQL's `viewer { login databaseId }`: it answers
 * for a personal token (its user), the Actions token (`github-actions[bot]`) and a GitHub App's
 * installation token (`<slug>[bot]`) alike, where REST's `GET /user` refuses installation
 * tokens. It is asked only when a comment is to be judged, so a run on a pull request without
 * comments spends no request on it; a run that judges comments spends one (it replaced the
 * `GET /user` earlier versions made for a comment by a person). A comment is ours when its
 * author's login is that login (GitHub's logins are case-insensitive) and, when both are known,
 * its numeric id is that `databaseId`.
 *
 * When the identity cannot be learned, no comment is ours (fail closed): no dismissal counts, no
 * thread is closed as fixed, and no earlier comment is recognised, so the run may post inline
 * comments and a summary comment that are already there. That costs copies, never a finding: a
 * later run that learns its identity keeps the oldest copy of each and deletes the others
 * (inline-convergence.ts, summary-convergence.ts), and never deletes a comment it cannot call its
 * own. The log says so once, and `unknownIdentity()` gives the reason for the summary.
 */
import { describeGraphqlError } from '../github/errors';
import { integer, nullable, object, optional, string } from '../domain/shape';
import { readEntry } from '../github/entry-shape';
import type { GitHubClient, GitHubLog } from '../github/octokit';

export interface CommentAuthor {
  login: string;
  type?: string;
  /** The account's numeric id (REST's `user.id`, GraphQL's `databaseId`), when listed. */
  id?: number;
}

/** A comment's `user` as GitHub lists it: null for an account that is gone. */
export const COMMENT_AUTHOR = nullable(object({ login: string, type: optional(string), id: optional(integer) }));

/** Whether a comment's author is this run's own identity; `unknownIdentity` says why none can be. */
export interface AuthorTrust {
  (author: CommentAuthor | null | undefined): Promise<boolean>;
  /** Why no comment is trusted as ours: the identity was asked for and could not be learned. Undefined otherwise. */
  unknownIdentity(): string | undefined;
}

/** The account a token posts as. */
export interface PostingIdentity {
  login: string;
  databaseId?: number;
}

const VIEWER_QUERY = 'query { viewer { login databaseId } }';

const VIEWER = object({ viewer: object({ login: string, databaseId: optional(integer) }) });

/** The identity the token posts as, from GraphQL's `viewer`; throws when GitHub does not say. */
export async function readPostingIdentity(octokit: GitHubClient): Promise<PostingIdentity> {
  const answer: unknown = await octokit.graphql<unknown>(VIEWER_QUERY);
  const { viewer } = readEntry(VIEWER, answer);
  if (viewer.login.trim() === '') throw new TypeError("GitHub's answer names no login for the GraphQL viewer");
  return typeof viewer.databaseId === 'number' ? { login: viewer.login, databaseId: viewer.databaseId } : { login: viewer.login };
}

/**
 * Whether `author` is `identity`. GitHub's REST lists a bot as `<slug>[bot]` (type Bot); should
 * the viewer's login come without the suffix, a Bot of that slug is the same account. A person's
 * login never ends in `[bot]`, so no person passes for the app, nor the app for a person.
 */
export function isIdentity(author: CommentAuthor, identity: PostingIdentity): boolean {
  const login = author.login.toLowerCase();
  const own = identity.login.toLowerCase();
  const sameLogin = login === own || (author.type === 'Bot' && !own.endsWith('[bot]') && login === `${own}[bot]`);
  if (!sameLogin) return false;
  return author.id === undefined || identity.databaseId === undefined || author.id === identity.databaseId;
}

export function createAuthorTrust(octokit: GitHubClient, log?: GitHubLog): AuthorTrust {
  let identity: Promise<PostingIdentity | undefined> | undefined;
  let unknown: string | undefined;
  const ownIdentity = (): Promise<PostingIdentity | undefined> => {
    identity ??= readPostingIdentity(octokit).then(
      (learned) => {
        log?.debug(`The token posts as @${learned.login}${learned.databaseId === undefined ? '' : ` (id ${learned.databaseId})`}`);
        return learned;
      },
      (error: unknown) => {
        unknown =
          `review-gate could not learn which account its token posts as (GraphQL viewer: ${describeGraphqlError(error)}), so it takes no comment ` +
          "on the pull request for its own: no dismissal counts, no thread is closed as fixed, and its earlier comments may be posted again " +
          '(a later run that learns its identity removes the copies)';
        log?.warning(unknown);
        return undefined;
      },
    );
    return identity;
  };
  const trust = async (author: CommentAuthor | null | undefined): Promise<boolean> => {
    if (author === null || author === undefined) return false;
    const own = await ownIdentity();
    return own !== undefined && isIdentity(author, own);
  };
  return Object.assign(trust, { unknownIdentity: () => unknown });
}
