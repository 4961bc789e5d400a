import { describe, expect, it } from 'vitest';
import { languageOf, selectFiles } from '../../src/select';
import { DEFAULT_EXCLUDES } from '../../src/settings';
import type { ChangedFile } from '../../src/types';

const file = (path: string, extra: Partial<ChangedFile> = {}): ChangedFile => ({
  path,
  status: 'modified',
  blobSha: 'sha',
  additions: 1,
  deletions: 0,
  patch: '@@ -1 +1 @@\n-a\n+b',
  ...extra,
});

describe('languageOf', () => {
  it.each([
    ['a.py', 'python'],
    ['web/x.mjs', 'javascript'],
    ['web/x.cjs', 'javascript'],
    ['ui/App.JSX', 'javascript'],
    ['src/a.mts', 'typescript'],
    ['src/b.tsx', 'typescript'],
    ['cmd/main.go', 'go'],
    ['src/lib.rs', 'rust'],
    ['README.md', undefined],
    ['.py', undefined],
    ['Makefile', undefined],
  ])('maps %s to %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });
});

describe('selectFiles', () => {
  const rules = { include: [], exclude: [...DEFAULT_EXCLUDES], maxFiles: 300 };

  it('gives every skipped file its reason, in list order', () => {
    const selection = selectFiles(
      [
        file('src/a.py'),
        file('docs/readme.md'),
        file('old.py', { status: 'removed', blobSha: undefined }),
        file('node_modules/x/index.js'),
        file('web/app.min.js'),
        file('dist/index.js'),
      ],
      rules,
    );
    expect(selection.candidates.map((c) => [c.file.path, c.language])).toEqual([['src/a.py', 'python']]);
    expect(selection.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['docs/readme.md', 'language not supported by the review service'],
      ['old.py', 'removed by the pull request'],
      ['node_modules/x/index.js', 'matched by exclude'],
      ['web/app.min.js', 'matched by exclude'],
      ['dist/index.js', 'matched by exclude'],
    ]);
  });

  it('keeps only included paths when include is set, and a bare glob matches the file name anywhere', () => {
    const selection = selectFiles([file('src/a.py'), file('lib/b.py'), file('deep/x/c_test.go')], {
      ...rules,
      include: ['src/**', '*_test.go'],
    });
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['src/a.py', 'deep/x/c_test.go']);
    expect(selection.skipped).toEqual([{ kind: 'skipped', path: 'lib/b.py', reason: 'not matched by include' }]);
  });

  it('skips files past max-files with that reason', () => {
    const selection = selectFiles([file('a.py'), file('b.py'), file('c.py')], { ...rules, maxFiles: 2 });
    expect(selection.candidates).toHaveLength(2);
    expect(selection.skipped).toEqual([{ kind: 'skipped', path: 'c.py', reason: 'over max-files (2)' }]);
  });

  it('reviews a renamed file under its new path even when its patch is missing', () => {
    const selection = selectFiles([file('new/name.ts', { status: 'renamed', previousPath: 'old/name.ts', patch: undefined })], rules);
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['new/name.ts']);
  });
});
