/** What every `PullRequestSource` shares, so the pipeline treats GitHub and local git alike. */

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

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** File bytes as text, or a `BinaryFileError`: the service reviews text only. */
export function decodeText(path: string, bytes: Uint8Array): string {
  // A NUL byte is how git itself tells binary from text; invalid UTF-8 could not be reviewed anyway.
  if (bytes.includes(0)) throw new BinaryFileError(path, 'contains NUL bytes');
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BinaryFileError(path, 'invalid UTF-8');
  }
}
