/** Errors every `PullRequestSource` shares, so the pipeline treats GitHub and local git alike. */

/** The file is not UTF-8 text; the pipeline skips it as binary. */
export class BinaryFileError extends Error {
  override readonly name = 'BinaryFileError' as const;
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`'${path}' is not UTF-8 text (${reason}); skipped as binary`);
  }
}

export function isBinaryFileError(error: unknown): error is BinaryFileError {
  return error instanceof BinaryFileError;
}
