import { describe, expect, it } from 'vitest';
import { candidateLanguage, defaultExcludeReason, languageOf, selectFiles } from '../../src/collect/select';
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

describe('candidateLanguage', () => {
  it.each([
    ['a.py', 'python'],
    ['bin/tool', 'by-shebang'],
    ['Makefile', 'by-shebang'],
    ['scripts/release', 'by-shebang'],
    ['README.md', undefined],
    ['bin/tool.sh', undefined],
    ['.envrc', undefined],
    ['lib/.js', 'javascript'],
  ])('gives %s %s', (path, language) => {
    expect(candidateLanguage(path)).toBe(language);
  });
});

describe('selectFiles', () => {
  const rules = { include: [], exclude: [], defaultExcludes: [...DEFAULT_EXCLUDES], maxFiles: 300 };

  it('gives every skipped file its reason, in list order', () => {
    const selection = selectFiles(
      [
        file('src/a.py'),
        file('docs/readme.md'),
        file('old.py', { status: 'removed', blobSha: undefined }),
        file('Cargo.lock'),
        file('web/package-lock.json'),
        file('gen/x.py'),
      ],
      { ...rules, exclude: ['gen/**'], defaultExcludes: [] },
    );
    expect(selection.candidates.map((c) => [c.file.path, c.language])).toEqual([['src/a.py', 'python']]);
    expect(selection.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['docs/readme.md', 'language not supported by the review service'],
      ['old.py', 'removed by the pull request'],
      ['Cargo.lock', 'language not supported by the review service'],
      ['web/package-lock.json', 'language not supported by the review service'],
      ['gen/x.py', "matched by exclude 'gen/**'"],
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
    const selection = selectFiles([file('a.py'), file('notes.md'), file('b.py'), file('vendor/x.py'), file('c.py')], { ...rules, exclude: ['vendor/**'], defaultExcludes: [], maxFiles: 2 });
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['a.py', 'b.py']);
    expect(selection.notReviewed).toEqual([
      { kind: 'failed', path: 'c.py', reason: 'not reviewed: past max-files (2 files); raise max-files to review it' },
    ]);
    expect(selection.skipped.map((s) => s.path)).toEqual(['notes.md', 'vendor/x.py']);
    const one = selectFiles([file('a.py'), file('b.py')], { ...rules, maxFiles: 1 });
    expect(one.notReviewed.map((o) => o.reason)).toEqual(['not reviewed: past max-files (1 file); raise max-files to review it']);
  });

  it('does not review, and never skips, a supported file only the default list matches: the pull request chose its name', () => {
    const paths = ['app/vendor/x.py', 'proto/a_pb2.py', 'web/x.generated.ts', 'web/app.min.js', 'node_modules/x/index.js', 'dist/index.js', 'cmd/api.pb.go'];
    const selection = selectFiles([...paths.map((p) => file(p)), file('src/a.py')], { ...rules, maxFiles: 1 });
    expect(selection.notReviewed.map((o) => [o.path, o.reason])).toEqual([
      ['app/vendor/x.py', defaultExcludeReason('**/vendor/**')],
      ['proto/a_pb2.py', defaultExcludeReason('**/*_pb2.py')],
      ['web/x.generated.ts', defaultExcludeReason('**/*.generated.*')],
      ['web/app.min.js', defaultExcludeReason('**/*.min.js')],
      ['node_modules/x/index.js', defaultExcludeReason('**/node_modules/**')],
      ['dist/index.js', defaultExcludeReason('dist/**')],
      ['cmd/api.pb.go', defaultExcludeReason('**/*.pb.go')],
    ]);
    // They take no place under max-files: the one file it allows is reviewed.
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['src/a.py']);
    expect(selection.skipped).toEqual([]);
  });

  it('words the default exclude reason with the pattern and the remedy', () => {
    expect(defaultExcludeReason('**/vendor/**')).toBe(
      "not reviewed: matched by default exclude '**/vendor/**', and a default cannot skip code, since the pull request chooses its file names; " +
        'list it in exclude to skip such files on purpose',
    );
  });

  it('still skips a file of another language under the default list, and a removed one', () => {
    const selection = selectFiles([file('vendor/notes.md'), file('dist/x.py', { status: 'removed', blobSha: undefined })], rules);
    expect(selection.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['vendor/notes.md', 'language not supported by the review service'],
      ['dist/x.py', 'removed by the pull request'],
    ]);
    expect(selection.notReviewed).toEqual([]);
  });

  it('makes an extensionless file a candidate whose #! line decides, carrying the default pattern it matches', () => {
    const selection = selectFiles([file('bin/tool'), file('vendor/bin/run'), file('LICENSE')], rules);
    expect(selection.candidates).toEqual([
      { file: file('bin/tool'), language: 'by-shebang' },
      { file: file('vendor/bin/run'), language: 'by-shebang', defaultExclude: '**/vendor/**' },
      { file: file('LICENSE'), language: 'by-shebang' },
    ]);
  });

  it('counts an extensionless candidate toward max-files: past it, it is not reviewed, as it may be a script', () => {
    const selection = selectFiles([file('a.py'), file('bin/tool')], { ...rules, maxFiles: 1 });
    expect(selection.notReviewed.map((o) => o.path)).toEqual(['bin/tool']);
  });

  it("skips a file the user's own exclude matches, naming the pattern without calling it a default", () => {
    const selection = selectFiles([file('gen/api.ts'), file('src/a.ts'), file('bin/gen-tool')], { ...rules, exclude: ['*.min.js', 'gen/**', 'bin/**'], defaultExcludes: [] });
    expect(selection.skipped).toEqual([
      { kind: 'skipped', path: 'gen/api.ts', reason: "matched by exclude 'gen/**'" },
      { kind: 'skipped', path: 'bin/gen-tool', reason: "matched by exclude 'bin/**'" },
    ]);
  });

  it('skips, as the user asked, a file they exclude with the very globs of the default list', () => {
    const selection = selectFiles([file('vendor/x.py')], { ...rules, exclude: [...DEFAULT_EXCLUDES], defaultExcludes: [] });
    expect(selection.skipped).toEqual([{ kind: 'skipped', path: 'vendor/x.py', reason: "matched by exclude '**/vendor/**'" }]);
  });

  it('reviews a renamed file under its new path even when its patch is missing', () => {
    const selection = selectFiles([file('new/name.ts', { status: 'renamed', previousPath: 'old/name.ts', patch: undefined })], rules);
    expect(selection.candidates.map((c) => c.file.path)).toEqual(['new/name.ts']);
  });
});
