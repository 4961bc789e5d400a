/**
 * The layout is the pipeline's: each stage imports only from stages before it and from the
 * shared bottom, and no files import each other in a circle. Read from the sources' own imports
 * (TypeScript's pre-processor, so comments and strings do not count), so moving a type into the
 * wrong folder fails here, not in a review.
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
  ['the shared bottom', ['domain', 'safety', 'version.ts']],
  ['the GitHub client', ['github']],
  ['settings', ['config']],
  ['collect', ['collect']],
  ['review', ['review']],
  ['locate', ['locate']],
  ['report', ['report']],
  ['gate', ['gate']],
  ['publish', ['publish']],
  ['the pipeline', ['pipeline.ts']],
  ['the entry points', ['main.ts', 'cli']],
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

function stageOf(file: string): number {
  const index = STAGES.findIndex(([, paths]) => paths.some((p) => file === p || file.startsWith(`${p}/`)));
  if (index < 0) throw new Error(`${file} belongs to no stage of test/layout/stages.test.ts: add its folder to STAGES`);
  return index;
}

/** The project files `file` imports (type-only imports included: they tie the layout too). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(SRC, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = posix.normalize(posix.join(posix.dirname(file), fileName));
    const found = [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    return found === undefined ? [] : [found];
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the layout follows the pipeline', () => {
  it('puts every source file in a stage', () => {
    expect(() => files.map(stageOf)).not.toThrow();
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no import from a later stage', () => {
    expect(upwardImports(graph, stageOf)).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('reads the runner\'s environment in config/ only', () => {
    const readers = files.filter((file) => !file.startsWith('config/') && !file.startsWith('cli/') && /process\.env\b|\benv\.GITHUB_/.test(readFileSync(join(SRC, file), 'utf8')));
    // main.ts hands process.env to config/environment.ts, once.
    expect(readers).toEqual(['main.ts']);
  });
});

describe('the checker itself', () => {
  const stages = (file: string): number => ({ 'domain/a.ts': 0, 'review/b.ts': 1, 'publish/c.ts': 2 })[file] ?? 0;

  it('reports an import from a later stage, and none from an earlier one', () => {
    const graph = new Map([['domain/a.ts', ['publish/c.ts']], ['publish/c.ts', ['review/b.ts']], ['review/b.ts', []]]);
    expect(upwardImports(graph, stages)).toEqual(['domain/a.ts → publish/c.ts']);
  });

  it('reports a circle of imports, and no straight line', () => {
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a → b → c → a']);
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('names a source file outside every stage', () => {
    expect(() => stageOf('nowhere/x.ts')).toThrow(/belongs to no stage/);
  });
});
