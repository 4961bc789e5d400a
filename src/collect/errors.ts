/** What every `PullRequestSource` shares, so the pipeline treats GitHub and local git alike. */

/** The file is in a binary format (found by its signature); the pipeline skips it. */
export class BinaryFileError extends Error {
  override readonly name = 'BinaryFileError' as const;
  /** The skipped file's reason, as the summary lists it. */
  readonly reason: string;
  constructor(
    readonly path: string,
    readonly format: string,
  ) {
    super(`'${path}' is a binary file (${format}); skipped`);
    this.reason = `binary file (${format})`;
  }
}

export function isBinaryFileError(error: unknown): error is BinaryFileError {
  return error instanceof BinaryFileError;
}

/**
 * A file in a supported language the action could not review for a reason beyond the user's
 * choice (too large, could not decode it): it counts as not reviewed — incomplete — never as
 * skipped. `reason` is the sentence the log, the summary and the gate show.
 */
export class NotReviewableError extends Error {
  override readonly name = 'NotReviewableError' as const;
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`'${path}': ${reason}`);
  }
}

export function isNotReviewableError(error: unknown): error is NotReviewableError {
  return error instanceof NotReviewableError;
}

/** `size` undefined: the read stopped at the limit, so only "more than" is known. */
export function fileTooLarge(path: string, size: number | undefined, maxBytes: number): NotReviewableError {
  const has = size === undefined ? 'more' : `${size} bytes, more`;
  return new NotReviewableError(
    path,
    `not reviewed: the file has ${has} than max-file-size (${maxBytes} bytes); raise max-file-size to review it`,
  );
}
