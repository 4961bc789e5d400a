/**
 * End to end: everything the service answers, as `review-gate` (run in-process: in-process.ts)
 * shows it on a temporary git repository: security flags counted and listed like findings (or
 * only listed, with --security-flags report), each file's summary and suggestions in JSON and
 * markdown, and the reports for other tools: SARIF with security severity and CWE tags for code
 * scanning, and GitLab's Code Quality report (`--format codeclimate`, `--codeclimate-file`). Odd
 * answers come from the simulator's `answer` fault.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';
import { useCli } from './in-process';
import { repoTemplate } from '../support/repo-copies';

const cli = useCli();
const { reviewGate } = cli;

/** app.py on main; the working tree adds lines 3 to 5, none of which a simulator rule flags. Built once, copied. */
const changed = repoTemplate('review-gate-cli-', (r) => {
  r.write('app.py', 'def total(xs):\n    return sum(xs)\n');
  r.commit('base');
  r.write('app.py', 'def total(xs):\n    return sum(xs)\n\ndef query(db, name):\n    return db.execute("SELECT 1 WHERE n = " + name)\n');
});
afterAll(() => changed.remove());
const change = (): void => void changed.into(cli.repo);

/** The next run's one review answer, patched. */
function answer(patch: Record<string, unknown>): void {
  cli.simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review' });
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

interface SarifRun {
  tool: { driver: { rules: Array<{ id: string; properties: Record<string, unknown> }> } };
  results: Array<{ ruleId: string; level: string; properties: { tags?: string[]; 'security-severity'?: string } }>;
}

describe('SARIF from the terminal', () => {
  it('gives a flag its security severity and CWE tag, valid against the 2.1.0 schema, in --format sarif and --sarif-file', async () => {
    change();
    answer({ security_flags: [SQL_FLAG] });
    const run = await reviewGate(['--format', 'sarif', '--sarif-file', 'out.sarif']);
    expect(run.code).toBe(1);
    for (const text of [run.out, readFileSync(join(cli.repo.dir, 'out.sarif'), 'utf8')]) {
      expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
      expect(codeScanningProblems(text)).toEqual([]);
      const sarif = (JSON.parse(text) as { runs: SarifRun[] }).runs[0];
      expect(sarif?.results.map((r) => r.properties)).toEqual([expect.objectContaining({ 'security-severity': '8.0', tags: ['security', 'external/cwe/cwe-89'] })]);
      expect(sarif?.tool.driver.rules[0]?.properties).toMatchObject({ 'security-severity': '8.0', tags: ['review-gate', 'security', 'external/cwe/cwe-89'] });
    }
  });
});

interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

describe('GitLab Code Quality', () => {
  it('writes the report on stdout with --format codeclimate: a JSON array of the documented shape, fingerprints those of the comments', async () => {
    change();
    const issues = [
      { severity: 'error', line: 5, message: 'String-built SQL.' },
      { severity: 'warning', line: 4, message: 'Missing docstring.' },
      { severity: 'info', line: 0, message: 'Module could be split.' },
      { severity: 'info', line: 3, message: 'Blank line.' },
    ];
    answer({ issues, security_flags: ['Credentials in a log line.'] });
    const run = await reviewGate(['--format', 'codeclimate']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as CodeQualityIssue[];
    expect(Array.isArray(report)).toBe(true);
    expect(report).toHaveLength(5);
    for (const issue of report) {
      expect(Object.keys(issue).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
      expect(issue.fingerprint).toMatch(/^[0-9a-f]{32}$/);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
      expect(issue.location.path).toBe('app.py');
      expect(Number.isInteger(issue.location.lines.begin) && issue.location.lines.begin >= 1).toBe(true);
    }
    expect(report.map((i) => [i.severity, i.location.lines.begin, i.description])).toEqual([
      ['critical', 1, 'Credentials in a log line. [security flag] [the service named no line; shown at line 1]'],
      ['critical', 5, 'String-built SQL.'],
      ['major', 4, 'Missing docstring. [does not fail the check: below fail-on-severity error]'],
      ['info', 1, 'Module could be split. [the service named line 0, which the file does not have; shown at line 1] [does not fail the check: below fail-on-severity error]'],
      ['info', 3, 'Blank line. [does not fail the check: below fail-on-severity error]'],
    ]);
    expect(new Set(report.map((i) => i.fingerprint)).size).toBe(5);

    answer({ issues, security_flags: ['Credentials in a log line.'] });
    const json = JSON.parse((await reviewGate(['--format', 'json'])).out) as { findings: Array<{ fingerprint: string }> };
    expect(report.map((i) => i.fingerprint).sort()).toEqual(json.findings.map((f) => f.fingerprint).sort());
  });

  it('writes the same report to --codeclimate-file beside another format', async () => {
    change();
    answer({ security_flags: [SQL_FLAG] });
    const run = await reviewGate(['--format', 'json', '--codeclimate-file', 'gl-code-quality-report.json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.out)).toMatchObject({ version: 1 });
    const report = JSON.parse(readFileSync(join(cli.repo.dir, 'gl-code-quality-report.json'), 'utf8')) as CodeQualityIssue[];
    expect(report).toEqual([
      {
        description: 'Query built from a parameter. [security flag (CWE-89, sql-injection)]',
        check_name: expect.stringMatching(/^review-gate\/security-flag-sql-injection-[0-9a-f]{8}$/),
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: 'critical',
        location: { path: 'app.py', lines: { begin: 5 } },
      },
    ]);
  });

  it('writes an empty array when nothing was found, so GitLab shows no degradation', async () => {
    change();
    answer({ issues: [], security_flags: [] });
    const run = await reviewGate(['--format', 'codeclimate']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual([]);
  });
});

