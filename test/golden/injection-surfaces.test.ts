/**
 * Golden files of a run where injection-check caught two files: one with an error only the review
 * of the blanked file reported, one whose blanked score fell below min-score. They pin the
 * "possible prompt injection" mark on every surface that shows findings: the inline comment, the
 * summary comment (and so the job summary and the check run, rendered alike), the annotations,
 * the JSON report, SARIF, Code Quality and the terminal; and beside it a finding of hidden text
 * (source `hidden-text`, naming its code point). A run with nothing swayed is pinned by
 * the other golden files, unchanged by injection-check. Accept a change with `npx vitest run
 * test/golden -u` after reading its diff.
 */
import { describe, expect, it } from 'vitest';
import type { LabelledFinding } from '../../src/domain/findings';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { PublishedRun } from '../../src/domain/run-report';
import { checkAnnotations } from '../../src/render/check-run';
import { buildCodeQuality } from '../../src/render/code-quality';
import { buildJsonReport } from '../../src/render/json-report';
import { renderSarif } from '../../src/render/sarif';
import { renderRunSummary } from '../../src/render/summary/run-summary';
import { printFindings } from '../../src/cli/format-text';
import { createTerminal } from '../../src/cli/terminal';
import { createRedactor } from '../../src/safety/redact';
import { findHiddenText } from '../../src/locate/hidden-text';
import { labelFindings } from '../../src/locate/label';
import { parsePatch } from '../../src/locate/parse-patch';
import { labelled, reviewedFile } from '../support/findings';
import { publishedRun } from '../support/published-run';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';

const HEAD = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807';

const swayed: LabelledFinding = {
  ...labelled({
    path: 'src/discount.py',
    line: 7,
    severity: 'error',
    message: 'eval() runs arbitrary code; with untrusted input this is code injection.',
    suggestion: 'Use ast.literal_eval() for literals, or parse the input explicitly.',
    location: 'added-line',
    lineText: '    return eval(rule)',
  }),
  possibleInjection: true,
};

// Hidden text found in the file itself (the same page pins it): a right-to-left override on an added line.
const plainGo = 'package main\n\nvar role = "user\u202E // admin"\n';
const hidden: LabelledFinding[] = labelFindings({
  path: 'src/plain.go',
  issues: [],
  hidden: findHiddenText(plainGo, 'go', 'src/plain.go'),
  patch: parsePatch('@@ -1,2 +1,3 @@\n package main\n \n+var role = "user\u202E // admin"', 'src/plain.go'),
  content: plainGo,
  language: 'go',
  gateScope: 'added',
});

const outcomes: FileOutcome[] = [
  { ...reviewedFile('src/discount.py', { score: 100, findings: [swayed] }), injection: { blankedScore: 85, findings: 1 } },
  { ...reviewedFile('src/style.ts', { language: 'typescript', score: 100 }), injection: { blankedScore: 60, scoreBelow: 80, findings: 0 } },
  reviewedFile('src/plain.go', { language: 'go', score: 95, findings: hidden }),
];

function caughtRun(): PublishedRun {
  const thresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 80, onIncomplete: 'fail' } as const;
  return publishedRun({ head: HEAD, outcomes, findings: [swayed, ...hidden], maxComments: 25, thresholds, tokensUsed: 900, ids: { review: 2, comment: 8 } });
}

describe('the possible-prompt-injection mark on every surface', () => {
  it('pins the inline comment and the summary comment', async () => {
    const run = caughtRun();
    expect(run.verdict.result).toBe('failed');
    await expect(run.plan.comments.map((c) => c.body).join('\n\n---\n\n')).toMatchFileSnapshot('./files/injection-inline-comment.md');
    await expect(renderRunSummary(run, 'comment')).toMatchFileSnapshot('./files/injection-summary-comment.md');
  });

  it('pins the annotations, the JSON report’s marks, SARIF’s and Code Quality’s entries, and the terminal’s lines', async () => {
    const run = caughtRun();
    const json = buildJsonReport({ ...run, walkthrough: undefined });
    const sarifText = renderSarif(run, {}).text;
    expect(sarifSchemaErrors(JSON.parse(sarifText))).toEqual([]);
    expect(codeScanningProblems(sarifText)).toEqual([]);
    const sarif = JSON.parse(sarifText) as { runs: Array<{ tool: { driver: { rules: unknown[] } }; results: unknown[] }> };
    const lines: string[] = [];
    printFindings(createTerminal({ out: (l) => lines.push(l), err: (l) => lines.push(l), env: {}, cwd: '/' }, createRedactor([])), run);
    const machine = {
      annotations: checkAnnotations(run.findings).annotations,
      json: { reasons: json.reasons, files: json.files, findings: json.findings },
      sarif: { rules: sarif.runs[0]?.tool.driver.rules, results: sarif.runs[0]?.results },
      codeQuality: buildCodeQuality(run.findings, run.outcomes),
    };
    await expect(`${JSON.stringify(machine, null, 2)}\n`).toMatchFileSnapshot('./files/injection-machine-readable.json');
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./files/injection-terminal.txt');
  });
});
