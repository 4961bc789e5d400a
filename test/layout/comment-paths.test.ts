/**
 * Comments that stay true: a comment in src/, test/, bench/ or scripts/ that names a file of the
 * project (`decide.ts`, `collect/text/read-text.ts`, `docs/cache.md`) names one that exists. A file
 * moved or renamed without its mentions fails here instead of leaving a comment that sends the
 * reader nowhere. Read from the comments alone (TypeScript's scanner), so strings and code do not
 * count.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CODE_FOLDERS = ['src', 'test', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', '.git', '.tmp']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [relative(ROOT, path).split('\\').join('/')];
  });
}

const projectFiles = walk(ROOT);
const known = new Set(projectFiles);
const folders = new Set(projectFiles.flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
const names = new Set(projectFiles.map((file) => basename(file)));

/** A project file's name in a comment: a path ending in one of the project's own kinds of file. */
const MENTION = /(?<![\w@.:/-])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w.-]+\.(?:ts|md|json|yml|sh))(?![\w/-])/g;

/**
 * Names a comment may give that are not the project's files, each for its reason: what the build
 * writes, a file of the user's repository, the service's reference kept beside the project.
 */
const NOT_PROJECT_FILES = new Map([
  ['dist/build.json', 'written by npm run build and npm\'s prepare; git ignores it'],
  ['.github/review-gate.yml', "the policy file's place in the repository under review"],
  ['out.json', 'a file a user redirects output to'],
  ['shared/reference/code-assistance-api.md', "the service's reference, kept beside the project"],
]);

/** A file's comments, and the text of its string literals (a test's fixture names its files there). */
function read(text: string): { comments: string[]; strings: string } {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const comments: string[] = [];
  const strings: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) comments.push(scanner.getTokenText());
    else if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral || token === ts.SyntaxKind.TemplateHead) strings.push(scanner.getTokenValue());
  }
  return { comments, strings: strings.join('\n') };
}

/** Whether `mention`, found in `file`, names something that exists: beside it, from the root or a code folder, or as the end of a path. */
function exists(mention: string, file: string): boolean {
  const clean = mention.replace(/^\.\//, '');
  if (!clean.includes('/')) return names.has(clean);
  const candidates = [posix.normalize(posix.join(posix.dirname(file), mention)), clean, ...CODE_FOLDERS.map((folder) => `${folder}/${clean}`)];
  if (candidates.some((candidate) => known.has(candidate) || folders.has(candidate))) return true;
  return !mention.startsWith('.') && projectFiles.some((path) => path.endsWith(`/${clean}`));
}

/** The fixtures' own text: the files of the pull requests they hold, which tests' comments name. */
const fixtureText = projectFiles.filter((file) => file.startsWith('fixtures/') && file.endsWith('.json')).map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');

const sources = projectFiles.filter((file) => CODE_FOLDERS.includes(file.split('/')[0] ?? '') && /\.(ts|mts)$/.test(file));

describe('comments name files that exist', () => {
  it('tells a stale name from a live one', () => {
    expect(exists('collect/text/decode.ts', 'src/domain/pull-request.ts')).toBe(true);
    expect(exists('./settings.ts', 'src/config/api-url.ts')).toBe(true);
    expect(exists('src/decode.ts', 'src/domain/pull-request.ts')).toBe(false);
    expect(exists('check-verdicts.ts', 'src/write/check-run/write.ts')).toBe(false);
  });

  it('reads comments from the sources and the tests', () => {
    expect(sources.length).toBeGreaterThan(300);
  });

  it('finds every file a comment names', () => {
    const stale = sources.flatMap((file) => {
      const { comments, strings } = read(readFileSync(join(ROOT, file), 'utf8'));
      // A name the file's own strings or the fixtures hold is a file of a pull request under test.
      const named = (mention: string): boolean => exists(mention, file) || NOT_PROJECT_FILES.has(mention) || strings.includes(mention) || fixtureText.includes(`"${mention}"`);
      return comments.flatMap((comment) => [...comment.matchAll(MENTION)].map((match) => match[1] ?? '').filter((mention) => !named(mention)).map((mention) => `${file}: ${mention}`));
    });
    expect(stale).toEqual([]);
  });
});
