/**
 * The README's inputs and outputs tables come from action.yml (`npm run reference`), and
 * `--check` — which CI runs — fails when they differ. Calls the script's main() with the flags
 * CI passes, on temporary copies of action.yml and README.md: its exit code and what it writes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { describeDrift, main, renderTables, updateReadme } from '../../scripts/reference';

let dir: string;
let actionPath: string;
let readmePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-reference-'));
  actionPath = join(dir, 'action.yml');
  readmePath = join(dir, 'README.md');
  writeFileSync(actionPath, readFileSync(join(ROOT, 'action.yml')));
  writeFileSync(readmePath, readFileSync(join(ROOT, 'README.md')));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function reference(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let [stdout, stderr] = ['', ''];
  const code = await main(['--action', actionPath, '--readme', readmePath, ...args], {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

const NEW_INPUT = ['  new-input:', '    description: A new input nobody documented.', "    default: 'x'", ''].join('\n');
const addInput = (yml: string): string => yml.replace('\ninputs:\n', `\ninputs:\n${NEW_INPUT}`);

describe('npm run reference', () => {
  it('passes --check on the repository’s own action.yml and README', async () => {
    const run = await reference('--check');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('fails --check when an input is added to action.yml but not to the README, saying what to run', async () => {
    writeFileSync(actionPath, addInput(readFileSync(actionPath, 'utf8')));
    const run = await reference('--check');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('- inputs in action.yml but not in README.md: new-input');
    expect(run.stderr).toContain('README.md differs from action.yml: run `npm run reference` and commit README.md.');
    expect(readFileSync(readmePath, 'utf8')).toBe(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  });

  it('writes the new input into the README’s table, after which --check passes', async () => {
    writeFileSync(actionPath, addInput(readFileSync(actionPath, 'utf8')));
    expect((await reference()).code).toBe(0);
    expect(readFileSync(readmePath, 'utf8')).toContain('| `new-input` | `x` | A new input nobody documented. |');
    expect((await reference('--check')).code).toBe(0);
  });
});

describe('the tables', () => {
  const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('say required, empty or the default, and keep a | inside a description from ending the cell', () => {
    const tables = renderTables(
      ['inputs:', '  a:', '    description: needed', '    required: true', '  b:', "    description: x | y", "    default: ''", '  c:', "    description: n", "    default: '3'", 'outputs:', '  o:', '    description: out'].join('\n'),
    );
    expect(tables.inputs.split('\n').slice(2)).toEqual(['| `a` | required | needed |', '| `b` | empty | x \\| y |', '| `c` | `3` | n |']);
    expect(tables.outputs.split('\n').slice(2)).toEqual(['| `o` | out |']);
  });

  it('name a changed default as drift, and an output removed from action.yml', () => {
    expect(describeDrift(readme, actionYml.replace("default: '300'", "default: '301'"))).toEqual([
      'a default or a description in README.md differs from action.yml',
    ]);
    const withoutReasons = actionYml.replace(/\n {2}reasons:\n(?: {4}.*\n| {6}.*\n)+/, '\n');
    expect(describeDrift(readme, withoutReasons)).toEqual(['outputs in README.md but not in action.yml: reasons']);
  });

  it('refuse a README without the markers, saying where they go', () => {
    expect(() => updateReadme('# no tables here\n', actionYml)).toThrow(
      'README.md has no inputs table markers: put the lines\n<!-- reference:inputs:start — generated from action.yml by npm run reference; edit action.yml -->\n<!-- reference:inputs:end -->\nwhere the table goes.',
    );
  });
});
