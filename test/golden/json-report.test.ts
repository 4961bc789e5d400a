/**
 * The JSON report's shape is a contract with users' scripts (`review-gate --format json`): this
 * golden file pins it, field by field. A change that fails here must either be additive (then
 * update the golden file and the README's field list) or bump JSON_REPORT_VERSION.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { JSON_REPORT_VERSION, buildJsonReport } from '../../src/render/json-report';
import type { JsonReportSource } from '../../src/render/json-report';
import { VERSION } from '../../src/domain/version';
import { labelled, reviewedFile } from '../support/findings';
import type { LabelledFinding } from '../../src/domain/findings';

const findings: LabelledFinding[] = [
  labelled({ path: 'src/app.py', line: 12, severity: 'warning', message: 'Bare except', suggestion: 'except ValueError:', location: 'added-line', lineText: 'except:' }),
  labelled({ path: 'src/app.py', line: 6, severity: 'error', message: 'eval() runs arbitrary code.', suggestion: 'ast.literal_eval(rule)', location: 'added-line', lineText: '    return eval(rule)' }),
  labelled({ path: 'src/app.py', line: 40, severity: 'info', message: 'Long line\u202E', suggestion: '', location: 'outside-diff', lineText: 'x = 1' }),
  labelled({ path: 'src/app.py', line: 0, severity: 'error', reportedSeverity: 'CRITICAL', message: 'Secret', suggestion: '', location: 'impossible-line' }),
  labelled({
    path: 'src/app.py', line: 20, severity: 'error', message: 'eval() of a literal', suggestion: '', location: 'added-line', lineText: 'eval("1")  # review-gate-ignore: a fixture',
    disposition: { kind: 'suppressed', reason: 'a fixture\u202E', line: 20 },
  }),
  labelled({
    path: 'src/app.py', line: 21, severity: 'warning', message: 'print() left in', suggestion: '', location: 'added-line', lineText: 'print(x)',
    disposition: { kind: 'dismissed', by: 'octocat', reason: 'the command prints on purpose' },
  }),
  labelled({
    source: 'security-flag', path: 'src/app.py', line: 6, severity: 'error', message: 'Code injection through eval().', suggestion: '', kind: 'code-injection', cwe: 95,
    location: 'added-line', lineText: '    return eval(rule)', sameAs: '8607acecaa9edcdfee9f5d8a4982e811', uncounted: 'the error issue on this line stands for it, in one comment',
  }),
  labelled({ source: 'security-flag', path: 'src/app.py', line: 12, severity: 'warning', message: '{"rule":7}', suggestion: '', location: 'added-line', lineText: 'except:', uncounted: 'security-flags: report' }),
];

const report: JsonReportSource = {
  outcomes: [
    {
      ...reviewedFile('src/app.py', { summary: 'Reviewed 40 lines.', suggestions: ['Validate the rules before running them.', 'Bell\u0007 rings'], score: 62, findings }),
      settings: {
        focusAreas: ['security'], failOnSeverity: 'warning', minScore: 50, gateScope: 'added', commentSeverity: 'info', securityFlags: 'gate', rules: [1, 3], decidedBy: { 'focus-areas': 1, 'fail-on-severity': 3 },
      },
    },
    reviewedFile('src/util.py', { summary: 'Small helpers.', score: 95, fromCache: true }),
    { kind: 'skipped', path: 'README.md', reason: 'not a supported language' },
    { kind: 'failed', path: 'big.py', reason: 'not reviewed: too large', code: 'context_too_long', requestId: 'svc_req_000000000007' },
  ],
  findings,
  verdict: {
    result: 'failed',
    reasons: [{ text: '2 error findings on added lines (fail-on-severity: error)', cause: 'findings' }],
    notices: [],
    counted: { error: 2, warning: 1, info: 0 },
    lowestScore: 62,
    averageScore: 78.5,
  },
  tokensUsed: 1234,
  walkthrough: { kind: 'written', text: '- **src/**: adds a rule runner.' },
  policy: {
    path: '.github/review-gate.yml',
    changedHere: false,
    applied: { commit: '3'.repeat(40), set: [{ key: 'min-score', value: '50' }], rules: [{ number: 1, paths: ['src/**'] }, { number: 2, paths: ['legacy/**'] }, { number: 3, paths: ['*.py'] }] },
  },
};

it('keeps the documented shape of version 1', () => {
  const golden = JSON.parse(readFileSync(join(import.meta.dirname, 'json-report.v1.json'), 'utf8')) as { tool: { version: string; build: string } };
  golden.tool.version = VERSION;
  golden.tool.build = golden.tool.build.replace('(the package version)', VERSION);
  const source = { base: '1111111111111111111111111111111111111111', baseDescription: 'the merge base of HEAD and origin/main', head: '2222222222222222222222222222222222222222', side: 'working-tree' as const };
  expect(JSON_REPORT_VERSION).toBe(1);
  const build = { version: VERSION, commit: '4'.repeat(40), tagged: false };
  expect(JSON.parse(JSON.stringify(buildJsonReport(report, source, build)))).toEqual(golden);
});
