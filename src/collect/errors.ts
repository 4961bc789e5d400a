/** What every `PullRequestSource` shares, so the pipeline treats GitHub and local git alike. */

/**
 * Reading the file showed it is nothing the action reviews — empty, binary, or an extensionless
 * file that is no script of a supported language — so the pipeline skips it. `reason` is the
 * sentence the summary lists it with.
 */
export class SkippedFileError extends Error {
  override readonly name: string = 'SkippedFileError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`'${path}': skipped, ${reason}`);
  }
}

export function isSkippedFileError(error: unknown): error is SkippedFileError {
  return error instanceof SkippedFileError;
}

/** The file is in a binary format (found by its signature). */
export class BinaryFileError extends SkippedFileError {
  override readonly name = 'BinaryFileError';
  constructor(
    path: string,
    readonly format: string,
  ) {
    super(path, `binary file (${format})`);
  }
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
