/**
 * Golden files pin what users and GitHub see for one fixed run: an inline comment's body, the
 * summary comment and the job summary. They are a contract with users' pull requests (markers,
 * layout users learn to read): a change shows up as a diff of test/golden/files/*.md to review,
 * and is accepted with `npx vitest run test/golden -u`. The gate decides for real, so the verdict
 * in the files follows the thresholds below.
 */
import { describe, expect, it } from 'vitest';
import type { PublishedRun } from '../../src/domain/run-report';
import { renderJobSummary, renderRunSummary } from '../../src/render/summary/run-summary';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { LabelledFinding } from '../../src/domain/findings';
import { foldSameLineFlags } from '../../src/locate/same-line-flags';
import { labelled, reviewedFile } from '../support/findings';
import { publishedRun } from '../support/published-run';

const HEAD = '4f1c2a9e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a39';

function finding(overrides: Partial<LabelledFinding>): LabelledFinding {
  return labelled({ path: 'src/app.py', line: 1, severity: 'warning', message: '', suggestion: '', location: 'added-line', ...overrides });
}

const appFindings: LabelledFinding[] = foldSameLineFlags([
  finding({
    line: 18,
    severity: 'error',
    message: 'eval() runs arbitrary code; with untrusted input this is code injection.',
    suggestion: 'return ast.literal_eval(expr)',
    lineText: '    return eval(expr)',
  }),
  finding({ line: 4, severity: 'error', reportedSeverity: 'CRITICAL', message: 'Hard-coded password.', lineText: 'PASSWORD = "hunter2"' }),
  finding({ line: 19, message: 'Bare except: also catches KeyboardInterrupt and SystemExit.', suggestion: 'Catch Exception instead.', lineText: '    except:' }),
  finding({ line: 2, severity: 'info', message: 'Unused import os.', location: 'diff-context', lineText: 'import os' }),
  finding({ line: 0, message: 'Module is long; consider splitting it.', location: 'impossible-line' }),
  // Security flags: one the eval issue on line 18 stands for, one the action cannot place.
  finding({
    source: 'security-flag',
    line: 18,
    severity: 'error',
    message: 'Code injection: eval() of a request parameter.',
    kind: 'code-injection',
    cwe: 95,
    lineText: '    return eval(expr)',
  }),
  finding({ source: 'security-flag', line: null, severity: 'error', message: 'Possible path traversal in open().', location: 'impossible-line' }),
]);
const tsFindings: LabelledFinding[] = [
  finding({ path: 'src/service.ts', line: 13, severity: 'info', message: 'The any type turns off type checking.', lineText: '  const x: any = 1;' }),
];

const outcomes: FileOutcome[] = [
  reviewedFile('src/app.py', {
    score: 42,
    tokens: 812,
    findings: appFindings,
    summary: 'Parses and runs pricing rules.\n\neval() makes it unsafe with untrusted rules.',
    suggestions: ['Parse rules into data instead of evaluating them.', 'Catch the narrowest exception you can handle.'],
  }),
  reviewedFile('src/service.ts', { language: 'typescript', score: 88, tokens: 402, findings: tsFindings }),
  { kind: 'failed', path: 'web/big.js', reason: 'not reviewed: the file has 120000 bytes, more than max-file-size (100000 bytes); raise max-file-size to review it' },
  { kind: 'skipped', path: 'docs/guide.md', reason: 'language not supported by the review service' },
  { kind: 'skipped', path: 'app/vendor/x.py', reason: "matched by default exclude '**/vendor/**'" },
];

function fixedRun(): PublishedRun {
  const thresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 50, onIncomplete: 'fail' } as const;
  return publishedRun({ head: HEAD, outcomes, findings: [...appFindings, ...tsFindings], maxComments: 2, thresholds, tokensUsed: 1214, ids: { review: 1, comment: 7 } });
}

describe('golden surfaces of a fixed run', () => {
  it('pins the inline comment bodies', async () => {
    const bodies = fixedRun().plan.comments.map((c) => `<!-- ${c.path}:${c.line} -->\n${c.body}`);
    await expect(bodies.join('\n\n---\n\n')).toMatchFileSnapshot('./files/inline-comments.md');
  });

  it('pins the summary comment', async () => {
    await expect(renderRunSummary(fixedRun(), 'comment')).toMatchFileSnapshot('./files/summary-comment.md');
  });

  it('pins the job summary', async () => {
    const rendered = renderJobSummary(fixedRun());
    expect(rendered.complete).toBe(true);
    await expect(rendered.markdown).toMatchFileSnapshot('./files/job-summary.md');
  });
});
