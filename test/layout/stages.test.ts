/**
 * The layout: one home for each adapter (github/, service/), stage folders that hold logic only,
 * and the entries on top. Each folder imports only from its own stage and the stages below it, no
 * files import each other in a circle, and neither do the top-level folders. Read from the
 * sources' own imports (TypeScript's pre-processor, so comments and strings do not count), so a
 * file put in the wrong folder fails here, not in a review. The rules beyond the order (who may
 * import undici or @actions/core, who calls Octokit, who writes to GitHub, which folders do no
 * I/O) are read from the same imports and from the code's calls.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCircles, upwardImports } from '../support/layout';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** Lowest first. A module may import from its own stage and from any stage before it. */
const STAGES: ReadonlyArray<readonly [stage: string, paths: readonly string[]]> = [
  ['the shared bottom', ['domain', 'safety']],
  ['the adapters: GitHub and the review service', ['github', 'service']],
  ['settings', ['config']],
  ['collect', ['collect']],
  ['review', ['review']],
  ['locate', ['locate']],
  ['gate', ['gate']],
  ['render', ['render']],
  ['write', ['write']],
  ['run', ['run']],
  ['the entries', ['action', 'cli']],
  ['the bundle entry', ['index.ts']],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [relative(SRC, path).split('\\').join('/')] : [];
  });
}

const files = sources(SRC);
const known = new Set(files);
const text = new Map(files.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));

function stageOf(file: string): number {
  const index = STAGES.findIndex(([, paths]) => paths.some((p) => file === p || file.startsWith(`${p}/`)));
  if (index < 0) throw new Error(`${file} belongs to no stage of test/layout/stages.test.ts: add its folder to STAGES`);
  return index;
}

const folderOf = (file: string): string => file.split('/')[0] ?? file;

/** Every module a file imports, as written (type-only imports included: they tie the layout too). */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(text.get(file) ?? '', true, true).importedFiles.map(({ fileName }) => fileName);
}

/** The project files `file` imports. */
function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((fileName) => {
    if (!fileName.startsWith('.')) return [];
    const base = posix.normalize(posix.join(posix.dirname(file), fileName));
    const found = [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    return found === undefined ? [] : [found];
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** The files of `folders` whose imports or text match `test`, as `file: what matched`. */
function offenders(within: (file: string) => boolean, test: (file: string) => string | undefined): string[] {
  return files.filter(within).flatMap((file) => {
    const found = test(file);
    return found === undefined ? [] : [`${file}: ${found}`];
  });
}
const inFolders = (...folders: string[]) => (file: string): boolean => folders.includes(folderOf(file));
const outside = (...folders: string[]) => (file: string): boolean => !folders.includes(folderOf(file));
/** A file's code without its comments (a comment may name what the code must not call). */
const withoutComments = (file: string): string => (text.get(file) ?? '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
const importing = (pattern: RegExp) => (file: string): string | undefined => specifiersOf(file).find((s) => pattern.test(s));

/** A call on the Octokit client: its REST methods, its request, GraphQL and paging functions. */
const OCTOKIT_CALL = /\.rest\.\w+\.\w+\s*\(|\boctokit\s*\.\s*(request|graphql|paginate)\b|\.paginate\s*\(/;
/** A write to GitHub: a REST method that creates, changes or deletes, or a GraphQL mutation. */
const GITHUB_WRITE = /\.rest\.\w+\.(create|update|delete|remove|add|set|submit|dismiss|merge|lock|unlock|rerequest)\w*\s*\(|`\s*mutation\b/;
const IO_MODULES = /^(node:)?(fs|fs\/promises|child_process|net|http|https|http2|tls|dgram|dns)$|^undici$/;

describe('the layout: one home for each adapter, stages that hold logic only', () => {
  it('puts every source file in a stage', () => {
    expect(() => files.map(stageOf)).not.toThrow();
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no import from a later stage', () => {
    expect(upwardImports(graph, stageOf)).toEqual([]);
  });

  it('has no circle of imports between files', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no circle of imports between top-level folders', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = folders.get(folderOf(file)) ?? new Set<string>();
      for (const target of targets) if (folderOf(target) !== folderOf(file)) from.add(folderOf(target));
      folders.set(folderOf(file), from);
    }
    expect(importCircles(new Map([...folders].map(([folder, targets]) => [folder, [...targets]])))).toEqual([]);
  });

  it('lets only service/ and github/ import undici', () => {
    expect(offenders(outside('service', 'github'), importing(/^undici(\/|$)/))).toEqual([]);
  });

  it('lets only action/ import @actions/core', () => {
    expect(offenders(outside('action'), importing(/^@actions\/core(\/|$)/))).toEqual([]);
  });

  it('lets only write/ and the client in github/ write to GitHub', () => {
    expect(offenders(outside('write', 'github'), (file) => GITHUB_WRITE.exec(text.get(file) ?? '')?.[0])).toEqual([]);
  });

  it('keeps Octokit out of review/, locate/, gate/, render/, domain/, config/ and run/', () => {
    const folders = ['review', 'locate', 'gate', 'render', 'domain', 'config', 'run'];
    expect(offenders(inFolders(...folders), (file) => OCTOKIT_CALL.exec(text.get(file) ?? '')?.[0] ?? importing(/^@octokit\//)(file))).toEqual([]);
  });

  it('keeps I/O out of gate/, locate/, render/ and domain/', () => {
    const io = (file: string): string | undefined =>
      importing(IO_MODULES)(file) ?? importsOf(file).find((target) => ['github', 'service', 'write', 'action', 'cli'].includes(folderOf(target)));
    expect(offenders(inFolders('gate', 'locate', 'render', 'domain'), io)).toEqual([]);
  });

  it('lets the entries review and publish only through the one assembly in run/', () => {
    // run/review-and-publish.ts applies the policy, runs the pipeline and publishes: an entry that
    // imported the pipeline or the publisher would be assembling a run of its own beside it.
    const assembling = (file: string): string | undefined => /\b(runPipeline|publishVerdict|applyPolicy)\b/.exec(withoutComments(file))?.[0];
    expect(offenders(inFolders('action', 'cli'), assembling)).toEqual([]);
    expect(files.filter((file) => importsOf(file).includes('run/review-and-publish.ts')).sort()).toEqual(['action/review-on-github.ts', 'cli/review.ts']);
  });

  it("reads the runner's environment in config/ only", () => {
    const readers = files.filter((file) => !file.startsWith('config/') && !file.startsWith('cli/') && /process\.env\b|\benv\.GITHUB_/.test(text.get(file) ?? ''));
    // action/main.ts hands process.env to config/environment.ts, once.
    expect(readers).toEqual(['action/main.ts']);
  });
});

describe('the checker itself', () => {
  const stages = (file: string): number => ({ 'domain/a.ts': 0, 'review/b.ts': 1, 'render/c.ts': 2 })[file] ?? 0;

  it('reports an import from a later stage, and none from an earlier one', () => {
    const graph = new Map([['domain/a.ts', ['render/c.ts']], ['render/c.ts', ['review/b.ts']], ['review/b.ts', []]]);
    expect(upwardImports(graph, stages)).toEqual(['domain/a.ts → render/c.ts']);
  });

  it('reports a circle of imports, and no straight line', () => {
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a → b → c → a']);
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('names a source file outside every stage', () => {
    expect(() => stageOf('nowhere/x.ts')).toThrow(/belongs to no stage/);
  });
});
