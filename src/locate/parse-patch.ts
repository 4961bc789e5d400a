/**
 * The added-line index of one file's patch. parse-diff is the one parser; what it returns is
 * checked against the text it came from before anything is trusted.
 *
 * GitHub's `patch` field holds only hunks, from the first `@@`, with no `diff --git`/`---`/`+++`
 * header; parse-diff opens a file for them itself. A full `git diff` of one file (the CLI) is
 * accepted too.
 *
 * parse-diff is lenient by design: inside a hunk it takes any line as context (a next `@@`
 * header included, when a hunk is short of its declared lines), it ignores lines past the
 * declared count, and it skips a header it cannot read. On a truncated or hand-edited patch that
 * silently shifts line numbers, and a wrong index posts comments on the wrong lines. So every
 * hunk must sit where the previous one ended, hold exactly the lines its header declares, and
 * nothing may be left over.
 */
import parseDiff from 'parse-diff';
import { PatchParseError } from './patch-errors';

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

/** Lines `git diff` may write before the first hunk; GitHub's `patch` field has none of them. */
const FILE_HEADER =
  /^(diff --git |index |--- |\+\+\+ |new file mode |deleted file mode |old mode |new mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to |Binary files )/;

const EXPECTED_HEADER = "expected a hunk header like '@@ -1,3 +1,4 @@'";

function quote(line: string): string {
  return line.length > 60 ? `'${line.slice(0, 60)}…'` : `'${line}'`;
}

/** The patch's lines without `\ No newline at end of file` markers, each with its 1-based line. */
function meaningfulLines(patch: string): { lines: string[]; origin: number[] } {
  // Line endings do not change line numbers; CRLF would leave `\r` on every line.
  const all = patch.replace(/\r\n/g, '\n').split('\n');
  while (all.length > 0 && all[all.length - 1] === '') all.pop();
  // A marker is no line of either side; parse-diff only knows git's English one and counts any
  // other (a translated git) as a context line.
  const lines: string[] = [];
  const origin: number[] = [];
  all.forEach((line, i) => {
    if (!line.startsWith('\\')) {
      lines.push(line);
      origin.push(i + 1);
    }
  });
  return { lines, origin };
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
  const { lines, origin } = meaningfulLines(patch);
  const fail = (at: number, reason: string): never => {
    throw new PatchParseError(path, origin[at] ?? 0, reason);
  };

  let at = 0;
  while (at < lines.length && !(lines[at] as string).startsWith('@@')) {
    if (!FILE_HEADER.test(lines[at] as string)) fail(at, `${EXPECTED_HEADER}, found ${quote(lines[at] as string)}`);
    at++;
  }

  const added = new Set<number>();
  const context = new Set<number>();
  const hunks: HunkRange[] = [];
  const files = lines.length === 0 ? [] : parseDiff(lines.join('\n'));
  if (files.length > 1) throw new PatchParseError(path, 0, `expected the hunks of one file, found ${files.length} files`);

  for (const chunk of files[0]?.chunks ?? []) {
    // parse-diff skips a header it cannot read: the hunk it found must be the line we are at.
    if (lines[at] !== chunk.content) fail(at, `${EXPECTED_HEADER}, found ${quote(lines[at] ?? '')}`);
    const header = at;
    const declared = `-${chunk.oldStart},${chunk.oldLines} +${chunk.newStart},${chunk.newLines}`;
    if (chunk.oldLines === 0 && chunk.newLines === 0) fail(header, `the hunk header ${quote(chunk.content)} declares no lines`);
    if ((chunk.oldLines > 0 && chunk.oldStart < 1) || (chunk.newLines > 0 && chunk.newStart < 1)) {
      fail(header, `the hunk header ${quote(chunk.content)} starts at line 0`);
    }
    let oldSeen = 0;
    let newSeen = 0;
    for (const change of chunk.changes) {
      at++;
      if (change.type === 'add') {
        added.add(change.ln);
        newSeen++;
      } else if (change.type === 'del') {
        oldSeen++;
      } else if (change.content.startsWith('@@')) {
        // The next hunk's header, taken as context: this hunk is short of its declared lines.
        fail(header, `the hunk declares ${declared} but holds only ${oldSeen} old and ${newSeen} new lines`);
      } else if (change.content !== '' && !change.content.startsWith(' ')) {
        // An empty line is a blank context line whose leading space was stripped (git apply
        // accepts it too); anything else is not a line of a hunk.
        fail(at, `a line inside a hunk must start with ' ', '+', '-' or '\\', found ${quote(change.content)}`);
      } else {
        context.add(change.ln2);
        oldSeen++;
        newSeen++;
      }
    }
    if (oldSeen <= chunk.oldLines && newSeen <= chunk.newLines && (oldSeen < chunk.oldLines || newSeen < chunk.newLines)) {
      fail(header, `the hunk declares ${declared} but holds only ${oldSeen} old and ${newSeen} new lines`);
    }
    if (oldSeen !== chunk.oldLines || newSeen !== chunk.newLines) {
      fail(header, `the hunk declares ${declared} but its lines do not match those counts`);
    }
    hunks.push({ start: chunk.newStart, lines: chunk.newLines });
    at++;
    if (at < lines.length && !(lines[at] as string).startsWith('@@')) {
      fail(at, `the hunk at patch line ${origin[header] ?? 0} declares ${declared} but more lines follow it: ${quote(lines[at] as string)}`);
    }
  }
  if (at < lines.length) fail(at, `${EXPECTED_HEADER}, found ${quote(lines[at] as string)}`);

  return {
    path,
    added,
    context,
    hunks,
    isCommentable: (line: number) => added.has(line) || context.has(line),
  };
}
