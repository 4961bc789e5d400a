/**
 * Golden files pin what users and GitHub see for one fixed run: an inline comment's body, the
 * summary comment and the job summary. They are a contract with users' pull requests (markers,
 * layout users learn to read): a change shows up as a diff of test/golden/files/*.md to review,
 * and is accepted with `npx vitest run test/golden -u`. The gate decides for real, so the verdict
 * in the files follows the thresholds below.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { PublishedRun } from '../../src/domain/run-report';
import { planInlineComments } from '../../src/report/inline-plan';
import { renderJobSummary, renderRunSummary } from '../../src/publish/summary/run-summary';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { LabelledFinding } from '../../src/domain/findings';
import type { PostingReport } from '../../src/domain/writes';
import { foldSameLineFlags } from '../../src/locate/same-line-flags';
import { labelled, reviewedFile } from '../support/findings';

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
  const findings = [...appFindings, ...tsFindings];
  const plan = planInlineComments(findings, 2);
  // The first comment's own link is known (listed after posting); the second has only its review's.
  const links = new Map(plan.comments.map((c, i) => [c.fingerprint, i === 0 ? 'https://github.com/acme/shop/pull/42#discussion_r11' : 'https://github.com/acme/shop/pull/42#pullrequestreview-1']));
  const posting: PostingReport = { kind: 'posted', posted: plan.comments, alreadyPresent: [], rejected: [], reviewUrl: 'https://github.com/acme/shop/pull/42#pullrequestreview-1', links };
  const verdict = decide(
    { outcomes, listTruncated: false, posting, reviewedSha: HEAD },
    { failOnSeverity: 'error', gateScope: 'added', minScore: 50, onIncomplete: 'fail' },
  );
  return {
    pr: { owner: 'acme', repo: 'shop', number: 42, headSha: HEAD },
    outcomes,
    findings,
    plan,
    verdict,
    tokensUsed: 1214,
    listTruncated: false,
    posting,
    summary: { kind: 'updated', url: 'https://github.com/acme/shop/pull/42#issuecomment-7' },
    checkRun: { kind: 'off' },
    baselines: new Map(),
  };
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
