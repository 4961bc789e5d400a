/**
 * Errors of the GitHub edge: one class per kind, each carrying what a caller needs to decide
 * (status, path) and the original error as `cause`. Messages never carry the token: octokit
 * redacts the Authorization header in its errors and we only quote GitHub's answer.
 */

// Every source throws the shared class, so the pipeline knows a binary file from any of them.

/** GitHub answered with an error the caller cannot recover from here. */
export class GitHubApiError extends Error {
  override name = 'GitHubApiError' as const;
  /** HTTP status, when GitHub answered at all. */
  readonly status: number | undefined;
  /** GitHub's own message (`message` plus `errors`), for logs. */
  readonly githubMessage: string;

  constructor(action: string, cause: unknown) {
    const status = requestStatus(cause);
    const githubMessage = describeGitHubError(cause);
    super(`${action} failed: ${status === undefined ? 'no answer' : `GitHub answered ${status}`} — ${githubMessage}`, { cause });
    this.status = status;
    this.githubMessage = githubMessage;
  }
}

/**
 * GitHub sent a list review-gate refuses to read: a null or malformed entry, one entry twice with
 * different contents (the list changed while it was paged), or pages that never end. The message
 * names the list, and the page and the position of the entry.
 */
export class GitHubListError extends Error {
  override name = 'GitHubListError' as const;
}

/** The file's blob is not at the head commit (deleted since, or never had one). */
export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError' as const;
  constructor(
    readonly path: string,
    readonly blobSha: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      blobSha === undefined
        ? `'${path}' has no content at the head commit (GitHub listed no blob for it)`
        : `'${path}' was not found at the head commit (blob ${blobSha} answered 404)`,
      options,
    );
  }
}


/** `owner/repo#n` for a pull request, `owner/repo@<sha>` for another commit (a merge group's), for messages. */
export function describePr(pr: { owner: string; repo: string; number?: number; headSha?: string }): string {
  if (pr.number !== undefined) return `${pr.owner}/${pr.repo}#${pr.number}`;
  return `${pr.owner}/${pr.repo}${pr.headSha === undefined ? '' : `@${pr.headSha.slice(0, 12)}`}`;
}

/**
 * The HTTP status of an octokit RequestError (or anything shaped like one); undefined when GitHub
 * sent no answer. Octokit gives a request that got none (a refused or reset connection, a TLS
 * failure, our timeout) status 500 and no `response`, which must not read as "GitHub answered 500".
 */
export function requestStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return undefined;
  const unanswered = error.status === 500 && 'request' in error && (!('response' in error) || error.response === undefined);
  return unanswered ? undefined : error.status;
}

/** GitHub's message and `errors` entries, e.g. `Unprocessable Entity (Line could not be resolved)`. */
export function describeGitHubError(error: unknown): string {
  const data = responseData(error);
  if (data !== undefined && typeof data.message === 'string') {
    const details = Array.isArray(data.errors) ? data.errors.map(describeErrorEntry).filter((s) => s !== '') : [];
    return details.length > 0 ? `${data.message} (${details.join('; ')})` : data.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The `errors` of a GraphQL answer that carried some (octokit's GraphqlResponseError), else none. */
export function graphqlErrors(error: unknown): Array<{ type?: unknown; message?: unknown }> {
  const errors = typeof error === 'object' && error !== null && 'errors' in error ? error.errors : undefined;
  return Array.isArray(errors) ? errors.map((e: unknown) => (typeof e === 'object' && e !== null ? e : {})) : [];
}

/** GraphQL's own messages (`Resource not accessible by integration`), or the HTTP error's. */
export function describeGraphqlError(error: unknown): string {
  const messages = graphqlErrors(error).flatMap((e) => (typeof e.message === 'string' ? [e.message] : []));
  return messages.length > 0 ? messages.join('; ') : describeGitHubError(error);
}

function responseData(error: unknown): { message?: unknown; errors?: unknown } | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const response = error.response;
  if (typeof response !== 'object' || response === null || !('data' in response)) return undefined;
  const data = response.data;
  return typeof data === 'object' && data !== null ? data : undefined;
}

function describeErrorEntry(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null) {
    const { field, message, code } = entry as { field?: unknown; message?: unknown; code?: unknown };
    const text = typeof message === 'string' ? message : typeof code === 'string' ? code : '';
    return typeof field === 'string' && text !== '' ? `${field} ${text}` : text;
  }
  return '';
}

/**
 * A refused write that means "this token cannot write here": 403 (fork pull requests get a
 * read-only GITHUB_TOKEN: "Resource not accessible by integration") or 404 (GitHub hides what a
 * token may not touch). A 403 for a rate limit is not one: the throttling plugin retried it and
 * ran out of patience, which is an error to report, not a permission to explain.
 */
export function isWriteRefused(error: unknown): boolean {
  const status = requestStatus(error);
  if (status === 404) return true;
  return status === 403 && !/rate limit/i.test(describeGitHubError(error));
}

/** The one-line explanation for a refused write. */
export function readOnlyMessage(target: string, error: unknown): string {
  return (
    `The GitHub token cannot write to ${target} (GitHub answered ${requestStatus(error)}: ${describeGitHubError(error)}); ` +
    'pull requests from forks get a read-only token, so nothing was posted'
  );
}

/**
 * The token's user holds a pending review on the pull request that review-gate did not create
 * (a person's draft, when the token is theirs). GitHub refuses every new review meanwhile, and
 * deleting someone's draft is not ours to decide, so the run stops and says what to do.
 */
export class PendingReviewConflictError extends Error {
  override name = 'PendingReviewConflictError' as const;
  constructor(
    readonly pr: string,
    readonly reviewIds: number[],
    options?: { cause?: unknown },
  ) {
    super(
      `${pr}: the token's user has a pending review review-gate did not create (${reviewIds.length === 0 ? 'not listed' : `id ${reviewIds.join(', ')}`}); ` +
        'GitHub allows one pending review per user and pull request, so no review can be posted until it is submitted or deleted',
      options,
    );
  }
}
