/**
 * The added-line index of one file's patch, over parse-diff.
 *
 * GitHub's `patch` field holds only hunks, from the first `@@`, with no `diff --git`/`---`/`+++`
 * header. parse-diff needs no synthetic header for that: its `chunk` handler opens a file when
 * none is open yet (parse.js, `if (!currentFile) start(line)`), leaving `from`/`to` undefined. A
 * full `git diff` of one file (the CLI) is accepted too.
 */
import parseDiff from 'parse-diff';
import { PatchParseError } from './errors';
import { validatePatch } from './validate';

/** A hunk's span on the new-file (RIGHT) side. */
export interface HunkRange {
  /** First new-file line of the hunk; for a deletion-only hunk, the line before the gap. */
  start: number;
  /** New-file lines the hunk shows (added plus context); 0 for a deletion-only hunk. */
  lines: number;
}

/** Which new-file lines one file's patch shows. */
export interface PatchIndex {
  readonly path: string;
  /** New-file line numbers the pull request adds (`+` lines). */
  readonly added: ReadonlySet<number>;
  /** New-file line numbers shown as unchanged context inside a hunk. */
  readonly context: ReadonlySet<number>;
  readonly hunks: readonly HunkRange[];
  /**
   * Whether GitHub accepts a review comment on this line, RIGHT side: any line inside a hunk on
   * the new-file side, added or context.
   */
  isCommentable(line: number): boolean;
}

/**
 * Indexes the patch of `path`. An empty or whitespace-only patch (a rename or mode change
 * without content changes) gives an empty index.
 *
 * @throws PatchParseError when the patch is not a sequence of well-formed hunks, for example
 *   when a hunk header's counts disagree with the lines under it. The message names the file and
 *   the patch line; callers treat that file's diff as unknown.
 */
export function parsePatch(patch: string, path: string): PatchIndex {
  // Line endings do not change line numbers; CRLF files would otherwise leave `\r` on every
  // line and make git's `\ No newline at end of file` marker unrecognizable to parse-diff.
  const text = patch.replace(/\r\n/g, '\n');
  const validated = validatePatch(path, text);

  const added = new Set<number>();
  const context = new Set<number>();
  const hunks: HunkRange[] = [];
  if (validated.hunks.length > 0) {
    const files = parseDiff(validated.lines.join('\n'));
    const chunks = files.flatMap((file) => file.chunks);
    if (files.length !== 1 || chunks.length !== validated.hunks.length) {
      throw new PatchParseError(
        path,
        0,
        `expected ${validated.hunks.length} hunks of one file, parse-diff found ${chunks.length} in ${files.length} files`,
      );
    }
    for (const chunk of chunks) {
      hunks.push({ start: chunk.newStart, lines: chunk.newLines });
      for (const change of chunk.changes) {
        if (change.type === 'add') added.add(change.ln);
        else if (change.type === 'normal') context.add(change.ln2);
      }
    }
  }

  return {
    path,
    added,
    context,
    hunks,
    isCommentable: (line: number) => added.has(line) || context.has(line),
  };
}
