import { describe, expect, it } from 'vitest';
import { languageOf, selectFiles } from '../../src/collect/select';
import { DEFAULT_EXCLUDES } from '../../src/config/settings';
import type { ChangedFile } from '../../src/domain/pull-request';

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
    ['Makefile', undefined],
    ['tools/run.pyw', 'python'],
  ])('maps %s to %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  // Node runs `require('./lib/.js')`, Python `python .py`: a name that is only an extension is that language.
  it.each([
    ['lib/.js', 'javascript'],
    ['.py', 'python'],
    ['web/.JS', 'javascript'],
    ['a/.d.ts', 'typescript'],
    ['src/.mjs', 'javascript'],
    ['lib/..js', 'javascript'],
    ['.go', 'go'],
    ['crates/x/.rs', 'rust'],
    ['.gitignore', undefined],
    ['.eslintrc', undefined],
    ['pkg.py/Makefile', undefined],
    ['a.', undefined],
    ['.', undefined],
  ])('maps the dotfile %s to %s', (path, language) => {
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
      ['node_modules/x/index.js', "matched by default exclude '**/node_modules/**'"],
      ['web/app.min.js', "matched by default exclude '**/*.min.js'"],
      ['dist/index.js', "matched by default exclude 'dist/**'"],
    ]);
    expect(selection.notReviewed).toEqual([]);
  });

  it('keeps only included paths when include is set, and a bare glob matches the file name anywhere', () => {
    const selection = selectFiles([file('src/a.py'), file('lib/b.py'), file('deep/x/c_test.go')], {
      ...rules,
      include: ['src/**', '*_test.go'],
    });
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['src/a.py', 'deep/x/c_test.go']);
    expect(selection.skipped).toEqual([{ kind: 'skipped', path: 'lib/b.py', reason: "not matched by include ('src/**', '*_test.go')" }]);
  });

  it('marks supported files past max-files as not reviewed, not as skipped, counting only candidates', () => {
    const selection = selectFiles([file('a.py'), file('notes.md'), file('b.py'), file('vendor/x.py'), file('c.py')], { ...rules, maxFiles: 2 });
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['a.py', 'b.py']);
    expect(selection.notReviewed).toEqual([
      { kind: 'failed', path: 'c.py', reason: 'not reviewed: past max-files (2 files); raise max-files to review it' },
    ]);
    expect(selection.skipped.map((s) => s.path)).toEqual(['notes.md', 'vendor/x.py']);
    const one = selectFiles([file('a.py'), file('b.py')], { ...rules, maxFiles: 1 });
    expect(one.notReviewed.map((o) => o.reason)).toEqual(['not reviewed: past max-files (1 file); raise max-files to review it']);
  });

  it('names the default exclude pattern that skipped a file', () => {
    const selection = selectFiles([file('app/vendor/x.py'), file('proto/a_pb2.py'), file('web/x.generated.ts')], rules);
    expect(selection.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['app/vendor/x.py', "matched by default exclude '**/vendor/**'"],
      ['proto/a_pb2.py', "matched by default exclude '**/*_pb2.py'"],
      ['web/x.generated.ts', "matched by default exclude '**/*.generated.*'"],
    ]);
  });

  it("names the user's own exclude pattern without calling it a default", () => {
    const selection = selectFiles([file('gen/api.ts'), file('src/a.ts')], { ...rules, exclude: ['*.min.js', 'gen/**'] });
    expect(selection.skipped).toEqual([{ kind: 'skipped', path: 'gen/api.ts', reason: "matched by exclude 'gen/**'" }]);
  });

  it('reviews a renamed file under its new path even when its patch is missing', () => {
    const selection = selectFiles([file('new/name.ts', { status: 'renamed', previousPath: 'old/name.ts', patch: undefined })], rules);
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['new/name.ts']);
  });
});
