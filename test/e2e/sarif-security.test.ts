/**
 * End to end, the bundled dist/index.js: the `sarif-file` gives code scanning what it ranks and
 * groups security alerts by — `properties["security-severity"]` and the tags `security` and
 * `external/cwe/cwe-<N>` on the results (and rules) of security flags and of security-focus
 * findings — most severe first, valid against the SARIF 2.1.0 schema.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';
import { useBundledAction } from './harness';
import { addedFile as added, quietLines } from './thread-fixtures';

interface Properties {
  tags?: string[];
  'security-severity'?: string;
  source?: string;
}
interface SarifFile {
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string; properties: Properties }> } };
    results: Array<{ ruleId: string; level: string; message: { text: string }; properties: Properties }>;
  }>;
}

const { demo, servers, runAgainst } = useBundledAction();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A pull request adding one Python file of `lines` lines that no simulator rule flags. */
function addedFile(lines: number): PullRequestFixture {
  return { ...demo, files: [added('src/app.py', quietLines(lines))] };
}

async function sarifOf(fixture: PullRequestFixture, inputs: Record<string, string>, patch?: Record<string, unknown>) {
  const { simulator, github } = await servers({ fixture });
  if (patch !== undefined) simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review', times: fixture.files.length });
  const dir = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
  folders.push(dir);
  const result = await runAgainst(simulator, github, fixture, { 'sarif-file': 'out.sarif', 'check-run': 'false', ...inputs }, { env: { GITHUB_WORKSPACE: dir } });
  const text = readFileSync(join(dir, 'out.sarif'), 'utf8');
  expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
  expect(codeScanningProblems(text)).toEqual([]);
  const run = (JSON.parse(text) as SarifFile).runs[0];
  if (run === undefined) throw new Error('no run in the SARIF file');
  return { result, run, rule: (id: string) => run.tool.driver.rules.find((r) => r.id === id) };
}

const RANK: Record<string, number> = { error: 0, warning: 1, note: 2 };

describe('SARIF for security alerts', () => {
  it('gives security flags their security severity and CWE tags, on the result and its rule, most severe first', async () => {
    const flags = [
      { type: 'weak-crypto', cwe: 'CWE-327', line: 2, severity: 'warning', message: 'MD5 for passwords.' },
      { type: 'sql-injection', cwe: 89, line: 3, severity: 'error', message: 'SQL built from input.' },
      { line: 4, severity: 'info', message: 'Consider a CSP header.' },
    ];
    const issues = [{ severity: 'info', line: 1, message: 'Long line.' }];
    const { run, rule } = await sarifOf(addedFile(5), {}, { issues, security_flags: flags });

    const shown = run.results.map((r) => [r.level, r.properties['security-severity'] ?? null, r.properties.tags ?? []]);
    expect(shown).toEqual([
      ['error', '8.0', ['security', 'external/cwe/cwe-89']],
      ['warning', '5.0', ['security', 'external/cwe/cwe-327']],
      ['note', '2.0', ['security']],
      ['note', null, []],
    ]);
    const sql = run.results[0];
    expect(rule(sql?.ruleId ?? '')?.properties).toMatchObject({ 'security-severity': '8.0', tags: ['review-gate', 'security', 'external/cwe/cwe-89'] });
    expect(rule(run.results[3]?.ruleId ?? '')?.properties).toEqual({ tags: ['review-gate'] });
  });

  it('gives the issue a flag on its line is folded into, and the flag, a result each, both with the flag\'s CWE: the demo\'s eval()', async () => {
    const { run } = await sarifOf(demo, {});
    const levels = run.results.map((r) => RANK[r.level] ?? 9);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const evalResults = run.results.filter((r) => r.message.text.startsWith('eval() runs arbitrary code'));
    expect(evalResults.map((r) => r.properties.source)).toEqual(['issue', 'security-flag']);
    for (const result of evalResults) expect(result.properties).toMatchObject({ 'security-severity': '8.0', tags: ['security', 'external/cwe/cwe-95'] });
  });

  it('marks every finding of a review asked only for security (focus-areas: security) as a security alert', async () => {
    const issues = [{ severity: 'warning', line: 1, message: 'Unchecked redirect target.' }];
    const { run } = await sarifOf(addedFile(2), { 'focus-areas': 'security' }, { issues, security_flags: [] });
    expect(run.results.map((r) => [r.level, r.properties['security-severity'], r.properties.tags])).toEqual([['warning', '5.0', ['security']]]);
  });
});
