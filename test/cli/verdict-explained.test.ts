/**
 * End to end, `review-gate` run in-process against the service simulator, with the policy
 * example of docs/policy.md (`legacy/**` never fails on findings): every finding that does not
 * fail the check says why, in every format — text, markdown, JSON, SARIF, Code Quality — from its
 * one label; and the machine-readable formats keep every finding as its own element, so the
 * security flag an issue's comment carries is there with its own severity and CWE.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from './in-process';

const cli = useCli();

const POLICY = ['fail-on-severity: error', 'rules:', '  - paths: legacy/**', '    fail-on-severity: never', '    min-score: 0', ''].join('\n');
const EVAL = 'eval() runs arbitrary code; with untrusted input this is code injection.';
const BY_RULE = 'fail-on-severity never for this file, by policy rule 1 (legacy/**)';

/** main has the policy and a file with a bare except far above the change; the branch adds an eval to legacy/ and a bare except to src/. */
function branch(): void {
  const filler = Array.from({ length: 12 }, (_, i) => `V${i} = ${i}`);
  cli.repo.write('.github/review-gate.yml', POLICY);
  cli.repo.write('legacy/a.py', 'x = 1\n');
  cli.repo.write('src/b.py', ['try:', '    pass', 'except:', '    pass', ...filler, ''].join('\n'));
  cli.repo.commit('base');
  cli.repo.git('checkout', '-q', '-b', 'feature');
  cli.repo.write('legacy/a.py', 'x = 1\ny = eval(input())\n');
  cli.repo.write('src/b.py', ['try:', '    pass', 'except:', '    pass', ...filler, 'try:', '    pass', 'except:', '    pass', ''].join('\n'));
  cli.repo.commit('feature');
}

interface JsonFinding {
  source: string;
  path: string;
  line: number;
  severity: string;
  cwe: string | null;
  countsTowardGate: boolean;
  failsTheCheck: boolean;
  whyNotFailing: string | null;
}

interface SarifResult {
  level: string;
  message: { text: string };
  properties: Record<string, unknown>;
  locations: Array<{ physicalLocation: { region: { startLine: number } } }>;
}

describe('the terminal explains its verdict', () => {
  it('text, markdown, SARIF and Code Quality: each finding that does not fail the check says why; the flag is its own element', async () => {
    branch();
    const run = await cli.reviewGate(['--base', 'main', '--summary', 'summary.md', '--sarif-file', 'out.sarif', '--codeclimate-file', 'quality.json']);
    expect(run.err).not.toMatch(/could not|error:/i);
    expect(run.code).toBe(0);
    const lines = run.out.split('\n');

    // The error the policy rule exempts, then why it does not fail the check.
    const at = lines.findIndex((line) => line.startsWith('legacy/a.py:2  error  eval()'));
    expect(at).toBeGreaterThan(-1);
    expect(lines.slice(at, at + 5)).toContain(`    does not fail the check: ${BY_RULE}`);
    // Below the run's fail-on-severity: said once, beside the counts, before the verdict.
    expect(run.out).toContain('counted by the gate: 1 error, 1 warning, 0 infos · only errors fail the check (fail-on-severity: error), unless a policy rule sets a file\'s own');
    expect(run.out).toContain('1 more finding on lines this change does not touch (not counted; --format json lists them)');
    expect(run.out.trimEnd().split('\n').at(-1)).toBe('review-gate passed.');

    const markdown = readFileSync(join(cli.repo.dir, 'summary.md'), 'utf8');
    expect(markdown).toContain(`- 🛑 \`legacy/a.py:2\` — ${EVAL} — does not fail the check: fail-on-severity never for this file, by policy rule 1 (\`legacy/**\`)`);

    const sarif = JSON.parse(readFileSync(join(cli.repo.dir, 'out.sarif'), 'utf8')) as { runs: Array<{ results: SarifResult[] }> };
    const evalResults = (sarif.runs[0]?.results ?? []).filter((r) => r.message.text.startsWith(EVAL));
    expect(evalResults.map((r) => [r.level, r.properties.source, r.properties['security-severity'], r.properties.tags, r.properties.failsTheCheck])).toEqual([
      ['error', 'issue', '8.0', ['security', 'external/cwe/cwe-95'], false],
      ['error', 'security-flag', '8.0', ['security', 'external/cwe/cwe-95'], false],
    ]);
    expect(evalResults[0]?.message.text).toContain(`Does not fail the check: ${BY_RULE}.`);
    expect(evalResults[1]?.properties.whyNotFailing).toBe('the error issue on this line stands for it, in one comment');

    const quality = JSON.parse(readFileSync(join(cli.repo.dir, 'quality.json'), 'utf8')) as Array<{ description: string; severity: string; location: { path: string; lines: { begin: number } } }>;
    const onEval = quality.filter((q) => q.location.path === 'legacy/a.py' && q.location.lines.begin === 2);
    expect(onEval.map((q) => [q.severity, q.description])).toEqual([
      ['critical', `${EVAL} [also a security flag (CWE-95, no-eval)] [does not fail the check: ${BY_RULE}]`],
      ['critical', `${EVAL} [security flag (CWE-95, no-eval)] [not counted: the error issue on this line stands for it, in one comment]`],
    ]);
    expect(quality.find((q) => q.location.path === 'src/b.py' && q.location.lines.begin === 3)?.description).toContain('[does not fail the check: outside the diff (gate-scope: added counts added lines)]');
  });

  it('json: every finding says whether it fails the check, and why not', async () => {
    branch();
    const run = await cli.reviewGate(['--base', 'main', '--format', 'json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as { findings: JsonFinding[] };
    const shown = report.findings.map((f) => [f.source, f.path, f.line, f.countsTowardGate, f.failsTheCheck, f.whyNotFailing]);
    expect(shown).toEqual([
      ['issue', 'legacy/a.py', 2, true, false, BY_RULE],
      ['security-flag', 'legacy/a.py', 2, false, false, 'the error issue on this line stands for it, in one comment'],
      ['issue', 'src/b.py', 3, false, false, 'outside the diff (gate-scope: added counts added lines)'],
      ['issue', 'src/b.py', 19, true, false, 'below fail-on-severity error'],
    ]);
    expect(report.findings[1]).toMatchObject({ severity: 'error', cwe: 'CWE-95' });
  });
});
