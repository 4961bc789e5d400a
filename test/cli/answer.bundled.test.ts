/**
 * End to end: everything the service answers, as the bundled `review-gate` (dist/cli/index.js)
 * shows it on a temporary git repository: security flags counted and listed like findings (or
 * only listed, with --security-flags report), and each file's summary and suggestions in JSON
 * and markdown. Odd answers come from the simulator's `answer` fault.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from './bundled';
import type { TempRepo } from './bundled';

let simulator: RunningSimulator;
let repo: TempRepo;

beforeAll(assertBuilt);
beforeEach(async () => {
  simulator = await startSimulator();
  repo = tempRepo();
});
afterEach(async () => {
  await simulator.close();
  repo.remove();
});

const reviewGate = (args: string[]) => runCliBundle(args, { cwd: repo.dir, env: serviceEnv(simulator.url) });

/** app.py on main; the working tree adds lines 3 to 5, none of which a simulator rule flags. */
function change(): void {
  repo.write('app.py', 'def total(xs):\n    return sum(xs)\n');
  repo.commit('base');
  repo.write('app.py', 'def total(xs):\n    return sum(xs)\n\ndef query(db, name):\n    return db.execute("SELECT 1 WHERE n = " + name)\n');
}

/** The next run's one review answer, patched. */
function answer(patch: Record<string, unknown>): void {
  simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review' });
}

interface JsonFinding {
  source: string;
  line: number | null;
  severity: string;
  message: string;
  countsTowardGate: boolean;
  notCountedBecause: string | null;
  kind: string | null;
  cwe: string | null;
}

const SQL_FLAG = { type: 'sql-injection', cwe: 89, line: 5, severity: 'error', description: 'Query built from a parameter.' };

describe('security flags in the terminal', () => {
  it('fails on a flag-only error on an added line, printing it with its CWE, and lists every shape in JSON', async () => {
    change();
    answer({ security_flags: [SQL_FLAG] });
    const text = await reviewGate([]);
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/^app\.py:5 {2}error \[security flag \(CWE-89, sql-injection\)\] {2}Query built from a parameter\.$/m);
    expect(text.out.trimEnd().split('\n').at(-1)).toBe('review-gate failed: 1 error finding on added lines (fail-on-severity: error), including 1 security flag.');

    answer({ security_flags: ['Credentials in a log line.', { line: 4, note: 'odd' }, SQL_FLAG] });
    const json = await reviewGate(['--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out) as { counted: Record<string, number>; findings: JsonFinding[] };
    expect(report.counted.error).toBe(3);
    expect(report.findings.map((f) => [f.source, f.line, f.message, f.kind, f.cwe, f.countsTowardGate])).toEqual([
      ['security-flag', null, 'Credentials in a log line.', null, null, true],
      ['security-flag', 4, '{"line":4,"note":"odd"}', null, null, true],
      ['security-flag', 5, 'Query built from a parameter.', 'sql-injection', 'CWE-89', true],
    ]);
  });

  it('passes with --security-flags report, showing the flag and why it is not counted', async () => {
    change();
    answer({ security_flags: [SQL_FLAG] });
    const text = await reviewGate(['--security-flags', 'report']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^app\.py:5 {2}error \[security flag \(CWE-89, sql-injection\)\] {2}Query built/m);
    expect(text.out).toContain('    not counted: security-flags: report');

    answer({ security_flags: [SQL_FLAG] });
    const json = JSON.parse((await reviewGate(['--format', 'json', '--security-flags', 'report'])).out) as { result: string; findings: JsonFinding[] };
    expect(json.result).toBe('passed');
    expect(json.findings[0]).toMatchObject({ source: 'security-flag', countsTowardGate: false, notCountedBecause: 'security-flags: report' });
  });

  it('counts a flag and an issue on one line once, printing the flag under the issue', async () => {
    change();
    answer({
      issues: [{ severity: 'error', line: 5, message: 'String-built SQL.', suggestion: 'Use a parameter.' }],
      security_flags: [SQL_FLAG],
    });
    const run = await reviewGate([]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^app\.py:5 {2}error {2}String-built SQL\.\n {4}↳ Use a parameter\.\n {4}also a security flag \(CWE-89, sql-injection\): Query built from a parameter\.$/m);
    expect(run.out).toContain('review-gate failed: 1 error finding on added lines (fail-on-severity: error).');
  });

  it('refuses an unknown --security-flags value, quoting it, with exit status 2', async () => {
    change();
    const run = await reviewGate(['--security-flags', 'maybe']);
    expect(run.code).toBe(2);
    expect(run.err).toContain("Invalid --security-flags 'maybe'. Expected one of: gate, report.");
  });
});

describe('each file\'s summary and suggestions in the terminal', () => {
  it('carries them in the JSON report and in the markdown summary', async () => {
    change();
    answer({ summary: 'A query helper.', suggestions: ['Use parameters.', 'Add tests for empty names.'] });
    const json = JSON.parse((await reviewGate(['--format', 'json'])).out) as { files: Array<{ path: string; summary: string; suggestions: string[] }> };
    expect(json.files).toEqual([expect.objectContaining({ path: 'app.py', summary: 'A query helper.', suggestions: ['Use parameters.', 'Add tests for empty names.'] })]);

    answer({ summary: 'A query helper.', suggestions: ['Use parameters.', 'Add tests for empty names.'] });
    const markdown = await reviewGate(['--format', 'markdown']);
    expect(markdown.out).toContain('### What the service says of each file (1)');
    expect(markdown.out).toContain('<summary><code>app.py</code>: A query helper.</summary>\n\n- Use parameters.\n- Add tests for empty names.\n\n</details>');
  });
});
