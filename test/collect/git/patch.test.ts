import { describe, expect, it } from 'vitest';
import { changesKind, countChanges, entryPatch, patchSections, sectionCount } from '../../../src/collect/git/patch';

/** What `git diff -p` writes for a file that became a link: its deletion, then the link's creation. */
const FILE_TO_LINK = [
  'diff --git a/conf.py b/conf.py',
  'deleted file mode 100644',
  'index b917a72..0000000',
  '--- a/conf.py',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-DEBUG = False',
  '-PORT = 80',
  'diff --git a/conf.py b/conf.py',
  'new file mode 120000',
  'index 0000000..3594e94',
  '--- /dev/null',
  '+++ b/conf.py',
  '@@ -0,0 +1 @@',
  '+/etc/hostname',
  '\\ No newline at end of file',
  '',
].join('\n');

describe('patchSections', () => {
  it('splits git diff output at each diff --git header, the content lines never being mistaken for one', () => {
    const output = 'diff --git a/a.py b/a.py\n@@ -1 +1 @@\n-diff --git x\n+y\ndiff --git a/b.py b/b.py\n@@ -0,0 +1 @@\n+z\n';
    expect(patchSections(output)).toEqual(['a/a.py b/a.py\n@@ -1 +1 @@\n-diff --git x\n+y\n', 'a/b.py b/b.py\n@@ -0,0 +1 @@\n+z\n']);
  });

  it('finds none in empty output', () => {
    expect(patchSections('')).toEqual([]);
  });
});

describe('sectionCount and changesKind', () => {
  it.each([
    ['a file becoming a link', '100644', '120000', 2],
    ['a link becoming a file', '120000', '100644', 2],
    ['an executable becoming a submodule', '100755', '160000', 2],
    ['a mode change, still a file', '100644', '100755', 1],
    ['a modified link', '120000', '120000', 1],
    ['an added file', '000000', '100644', 1],
    ['a removed link', '120000', '000000', 1],
  ])('%s: %s → %s gives %i section(s)', (_case, oldMode, newMode, count) => {
    expect(sectionCount({ oldMode, newMode })).toBe(count);
    expect(changesKind({ oldMode, newMode })).toBe(count === 2);
  });
});

describe('entryPatch', () => {
  it('gives a file that changed kind the hunks of its new kind, every line added, and counts both sections', () => {
    expect(entryPatch(patchSections(FILE_TO_LINK))).toEqual({
      patch: '@@ -0,0 +1 @@\n+/etc/hostname\n\\ No newline at end of file',
      additions: 1,
      deletions: 2,
    });
  });

  it('gives a section without hunks (a binary, a pure rename) no patch', () => {
    expect(entryPatch(['a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n'])).toEqual({ additions: 0, deletions: 0 });
  });

  it('gives a link removed for a binary no patch, though its deletion had one', () => {
    const sections = ['a/x b/x\ndeleted file mode 120000\n@@ -1 +0,0 @@\n-target\n', 'a/x b/x\nnew file mode 100644\nBinary files /dev/null and b/x differ\n'];
    expect(entryPatch(sections)).toEqual({ additions: 0, deletions: 1 });
  });
});

describe('countChanges', () => {
  it('counts the lines a hunk-only patch adds and removes, not its context or markers', () => {
    expect(countChanges('@@ -1,3 +1,3 @@\n a\n-b\n+B\n+C\n\\ No newline at end of file')).toEqual({ additions: 2, deletions: 1 });
  });
});
