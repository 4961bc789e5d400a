/**
 * Structural check of a patch before parse-diff sees it. parse-diff is lenient by design: it
 * takes any line inside a hunk's declared count as context, ignores lines past the count, and
 * starts a new file at a `--- ` line once a hunk is complete. On a truncated or hand-edited patch
 * that silently shifts line numbers, so every hunk is checked here against its header first.
 */
import { PatchParseError } from './errors';

/** One hunk as its header declares it, with where it sits in the patch. */
export interface HunkHeader {
  /** 1-based line of the `@@` header in the patch. */
  patchLine: number;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export interface ValidatedPatch {
  hunks: HunkHeader[];
  /**
   * The patch lines parse-diff should see: the header lines and hunks, without the
   * `\ No newline at end of file` markers (parse-diff copies them as a duplicate change and, when
   * one is not exactly git's English text, counts it as a context line) and without trailing
   * blank lines.
   */
  lines: string[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Lines `git diff` may write before the first hunk; GitHub's `patch` field has none of them. */
const FILE_HEADER =
  /^(diff --git |index |--- |\+\+\+ |new file mode |deleted file mode |old mode |new mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to |Binary files )/;

function quote(line: string): string {
  return line.length > 60 ? `'${line.slice(0, 60)}…'` : `'${line}'`;
}

function readHeader(path: string, line: string, patchLine: number): HunkHeader {
  const m = HUNK_HEADER.exec(line);
  if (!m) {
    throw new PatchParseError(
      path,
      patchLine,
      `expected a hunk header like '@@ -1,3 +1,4 @@', found ${quote(line)}`,
    );
  }
  // A count left out means 1 (unified diff format).
  const hunk: HunkHeader = {
    patchLine,
    oldStart: Number(m[1]),
    oldLines: m[2] === undefined ? 1 : Number(m[2]),
    newStart: Number(m[3]),
    newLines: m[4] === undefined ? 1 : Number(m[4]),
  };
  if (hunk.oldLines === 0 && hunk.newLines === 0) {
    throw new PatchParseError(path, patchLine, `the hunk header ${quote(line)} declares no lines`);
  }
  if ((hunk.oldLines > 0 && hunk.oldStart < 1) || (hunk.newLines > 0 && hunk.newStart < 1)) {
    throw new PatchParseError(path, patchLine, `the hunk header ${quote(line)} starts at line 0`);
  }
  return hunk;
}

function declared(h: HunkHeader): string {
  return `-${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines}`;
}

/** Throws `PatchParseError` unless every hunk holds exactly the lines its header declares. */
export function validatePatch(path: string, text: string): ValidatedPatch {
  const all = text.split('\n');
  while (all.length > 0 && all[all.length - 1] === '') all.pop();

  const hunks: HunkHeader[] = [];
  const kept: string[] = [];
  let i = 0;
  while (i < all.length && !(all[i] as string).startsWith('@@')) {
    const line = all[i] as string;
    if (!FILE_HEADER.test(line)) {
      throw new PatchParseError(
        path,
        i + 1,
        `expected a hunk header like '@@ -1,3 +1,4 @@', found ${quote(line)}`,
      );
    }
    kept.push(line);
    i++;
  }

  while (i < all.length) {
    const hunk = readHeader(path, all[i] as string, i + 1);
    hunks.push(hunk);
    kept.push(all[i] as string);
    i++;
    let oldLeft = hunk.oldLines;
    let newLeft = hunk.newLines;
    let seenOld = 0;
    let seenNew = 0;
    while (oldLeft > 0 || newLeft > 0) {
      const line = all[i];
      if (line === undefined || line.startsWith('@@')) {
        throw new PatchParseError(
          path,
          hunk.patchLine,
          `the hunk declares ${declared(hunk)} but holds only ${seenOld} old and ${seenNew} new lines`,
        );
      }
      const kind = line.charAt(0);
      if (kind === '\\') {
        i++;
        continue;
      }
      // An empty line is a blank context line whose leading space was stripped (git apply
      // accepts it too).
      if (kind === ' ' || kind === '') {
        oldLeft--;
        newLeft--;
        seenOld++;
        seenNew++;
      } else if (kind === '-') {
        oldLeft--;
        seenOld++;
      } else if (kind === '+') {
        newLeft--;
        seenNew++;
      } else {
        throw new PatchParseError(
          path,
          i + 1,
          `a line inside a hunk must start with ' ', '+', '-' or '\\', found ${quote(line)}`,
        );
      }
      if (oldLeft < 0 || newLeft < 0) {
        throw new PatchParseError(
          path,
          hunk.patchLine,
          `the hunk declares ${declared(hunk)} but its lines do not match those counts`,
        );
      }
      kept.push(line);
      i++;
    }
    while (i < all.length && (all[i] as string).startsWith('\\')) i++;
    const next = all[i];
    if (next !== undefined && !next.startsWith('@@')) {
      throw new PatchParseError(
        path,
        i + 1,
        `the hunk at patch line ${hunk.patchLine} declares ${declared(hunk)} but more lines follow it: ${quote(next)}`,
      );
    }
  }
  return { hunks, lines: kept };
}
