/**
 * A patch that cannot be trusted to say which lines a pull request adds. The pipeline catches it
 * and treats the file's diff as unknown (`diff-unknown`): a wrong line index would post comments
 * on the wrong lines, which is worse than posting none.
 */
export class PatchParseError extends Error {
  override name = 'PatchParseError' as const;
  /** The file whose patch this is. */
  readonly path: string;
  /** 1-based line of the patch where the problem was found; 0 when it concerns the whole patch. */
  readonly patchLine: number;
  /** The problem alone, without the file name (the message carries both). */
  readonly reason: string;

  constructor(path: string, patchLine: number, reason: string) {
    const where = patchLine > 0 ? ` (patch line ${patchLine})` : '';
    super(`Cannot parse the patch of '${path}'${where}: ${reason}`);
    this.path = path;
    this.patchLine = patchLine;
    this.reason = reason;
  }
}

export function isPatchParseError(error: unknown): error is PatchParseError {
  return error instanceof PatchParseError;
}
