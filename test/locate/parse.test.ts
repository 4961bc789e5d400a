import { describe, expect, it } from 'vitest';
import { PatchParseError, isPatchParseError } from '../../src/locate/patch-errors';
import { parsePatch } from '../../src/locate/parse-patch';

function errorOf(run: () => unknown): PatchParseError {
  try {
    run();
  } catch (error) {
    if (isPatchParseError(error)) return error;
    throw error;
  }
  throw new Error('expected a PatchParseError');
}

describe('parsePatch', () => {
  it('reads a patch that starts at @@ with no file header, as GitHub sends it', () => {
    const index = parsePatch('@@ -1,1 +1,2 @@\n a\n+b', 'a.py');
    expect([...index.added]).toEqual([2]);
    expect(index.hunks).toEqual([{ start: 1, lines: 2 }]);
  });

  it('does not count a `\\ No newline at end of file` marker inside a hunk as a line', () => {
    const index = parsePatch('@@ -1 +1 @@\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file', 'a.py');
    expect([...index.added]).toEqual([1]);
    expect([...index.context]).toEqual([]);
  });

  it('treats a whitespace-only patch as one with no lines', () => {
    const index = parsePatch('\n\n', 'a.py');
    expect(index.added.size + index.context.size).toBe(0);
    expect(index.isCommentable(1)).toBe(false);
  });

  it('names the file, the patch line and the problem when the counts disagree', () => {
    const error = errorOf(() => parsePatch('@@ -1,2 +1,2 @@\n a\n+b\n+c\n c', 'src/app.ts'));
    expect(error.name).toBe('PatchParseError');
    expect(error.path).toBe('src/app.ts');
    expect(error.patchLine).toBe(1);
    expect(error.message).toMatch(/^Cannot parse the patch of 'src\/app\.ts' \(patch line 1\): the hunk declares/);
  });

  it('rejects a hunk header that declares no lines instead of swallowing the next hunk', () => {
    expect(() => parsePatch('@@ -1,0 +1,0 @@\n@@ -3 +3 @@\n+x', 'a.py')).toThrow('declares no lines');
  });

  it('rejects a line inside a hunk that is not context, addition or deletion', () => {
    const error = errorOf(() => parsePatch('@@ -1,2 +1,2 @@\n a\n*b', 'a.py'));
    expect(error.patchLine).toBe(3);
    expect(error.reason).toContain("found '*b'");
  });

  it('rejects a second file header after the hunks rather than mixing two files', () => {
    const patch = '@@ -1 +1 @@\n-a\n+b\ndiff --git a/x b/x\n@@ -1 +1 @@\n-c\n+d';
    expect(() => parsePatch(patch, 'a.py')).toThrow(PatchParseError);
  });

  it('quotes at most 60 characters of a bad line', () => {
    const error = errorOf(() => parsePatch('x'.repeat(500), 'a.py'));
    expect(error.message.length).toBeLessThan(200);
  });

  it('survives arbitrary input with a PatchParseError or an index, never another error', () => {
    const samples = ['@@', '@@ -a +b @@', '\\', '@@ -1 +1 @@\n\\', '+++ b/x', '@@ -1 +1 @@\n', '@@ -0,1 +1 @@\n a'];
    for (const sample of samples) {
      try {
        parsePatch(sample, 'a.py');
      } catch (error) {
        expect(error).toBeInstanceOf(PatchParseError);
      }
    }
  });

  it('rejects a hunk header parse-diff cannot read instead of skipping it and its lines', () => {
    const error = errorOf(() => parsePatch('@@ -1 +1 @@\n-a\n+b\n@@ -x +y @@\n+c', 'a.py'));
    expect(error.patchLine).toBe(4);
    expect(error.reason).toBe("expected a hunk header like '@@ -1,3 +1,4 @@', found '@@ -x +y @@'");
  });

  it('does not count a translated `\\ No newline` marker as a context line', () => {
    const index = parsePatch('@@ -1,2 +1,2 @@\n a\n-b\n\\ Kein Zeilenumbruch am Dateiende.\n+c', 'a.py');
    expect([...index.added]).toEqual([2]);
    expect([...index.context]).toEqual([1]);
  });

  it('names the patch line as written, markers included, when a later line is bad', () => {
    const error = errorOf(() => parsePatch('@@ -1,2 +1,2 @@\n-a\n\\ No newline at end of file\n+b\n*c', 'a.py'));
    expect(error.patchLine).toBe(5);
  });
});
