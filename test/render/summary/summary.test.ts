import { describe, expect, it } from 'vitest';
import { SUMMARY_MARKER, extractFingerprints } from '../../../src/domain/markers';
import { MAX_SUMMARY_COMMENT_LENGTH, renderSummary, renderSummaryWithin } from '../../../src/render/summary/summary';
import type { SummaryInput } from '../../../src/render/summary/summary';
import type { FileOutcome } from '../../../src/domain/outcomes';
import type { GateVerdict } from '../../../src/domain/verdict';
import type { LabelledFinding } from '../../../src/domain/findings';
import { reviewedFile } from '../../support/findings';
import { finding } from '../../support/findings';


function reviewed(path: string, score: number, findings: LabelledFinding[] = []): FileOutcome {
  return reviewedFile(path, { score, findings });
}

const failedVerdict: GateVerdict = {
  result: 'failed',
  reasons: [
    { text: '2 error findings on added lines (fail-on-severity: error)', cause: 'findings', severity: 'error', paths: ['src/a.py'] },
    { text: 'quality score 40 in src/a.py is below min-score 70', cause: 'score', paths: ['src/a.py'] },
  ],
  notices: [],
  counted: { error: 2, warning: 1, info: 0 },
  failOnSeverity: 'error',
  lowestScore: 40,
  averageScore: 65,
};

function input(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    verdict: failedVerdict,
    files: [
      reviewed('src/a.py', 40, [finding({ severity: 'error' }), finding({ severity: 'error' }), finding()]),
      reviewed('src/b.py', 90),
      { kind: 'skipped', path: 'package-lock.json', reason: 'excluded by exclude: **/*.json' },
      { kind: 'failed', path: 'src/c.py', reason: 'the service kept answering 503 overloaded', code: 'overloaded', requestId: 'req_123' },
    ],
    overflow: [finding({ message: 'over the cap' })],
    notCommentable: [
      finding({ location: 'outside-diff', line: 200, message: 'outside' }),
      finding({ location: 'impossible-line', line: 0, message: 'nowhere' }),
    ],
    rejected: [],
    tokensUsed: 12_345,
    headSha: '0123456789abcdef0123456789abcdef01234567',
    ...overrides,
  };
}

const COMMENT = { marker: true, maxLength: MAX_SUMMARY_COMMENT_LENGTH };

describe('renderSummary', () => {
  it('starts with the summary marker for the pull-request comment, and not for the job summary', () => {
    expect(renderSummary(input(), COMMENT).startsWith(`${SUMMARY_MARKER}\n`)).toBe(true);
    expect(renderSummary(input(), { marker: false, maxLength: 1_000_000 })).not.toContain(SUMMARY_MARKER);
  });

  it('leads with the verdict and its reasons', () => {
    const body = renderSummary(input(), { marker: false, maxLength: 100_000 });
    expect(body.split('\n')[0]).toBe(
      '## ❌ Failed: 2 error findings on added lines (fail-on-severity: error); quality score 40 in src/a.py is below min-score 70',
    );
  });

  it('shows a passed verdict with its notices', () => {
    const verdict: GateVerdict = { ...failedVerdict, result: 'passed', reasons: [], notices: ['No files to review'] };
    const body = renderSummary(input({ verdict }), COMMENT);
    expect(body).toContain('## ✅ Passed\n\n- ℹ️ No files to review');
  });

  it('has a per-file table with status, score and counts, worst first', () => {
    const body = renderSummary(input(), COMMENT);
    expect(body).toContain(
      '| `src/c.py` | ❌ not reviewed | — | — | — | — |\n| `src/a.py` | ❌ fails (errors, score) | 40 | 2 | 1 | 0 |\n| `src/b.py` | ✅ reviewed | 90 | 0 | 0 | 0 |',
    );
  });

  it('marks as failing only the files a reason of the verdict names, with what fails each', () => {
    const verdict: GateVerdict = {
      ...failedVerdict,
      reasons: [
        { text: '1 warning finding on added lines (fail-on-severity: warning)', cause: 'findings', severity: 'warning', paths: ['src/b.py'] },
        { text: '1 file could not be reviewed', cause: 'incomplete' },
        { text: 'the review could not be posted', cause: 'posting' },
      ],
      failOnSeverity: 'warning',
    };
    const body = renderSummary(input({ verdict }), COMMENT);
    // src/a.py has errors, but no reason names it (its findings are not counted, say): it does not fail the check.
    expect(body).toContain('| `src/a.py` | ✅ reviewed | 40 |');
    expect(body).toContain('| `src/b.py` | ❌ fails (warnings) | 90 |');
  });

  it('shows a renamed file under its old and new names', () => {
    const files: FileOutcome[] = [{ ...reviewedFile('crates/core/src/lib.rs', { score: 95 }), previousPath: 'src/lib.rs' }];
    expect(renderSummary(input({ files }), COMMENT)).toContain('| `src/lib.rs` → `crates/core/src/lib.rs` | ✅ reviewed | 95 |');
  });

  it.each([
    ['error', 'only errors fail the check (fail-on-severity: error)'],
    ['warning', 'errors and warnings fail the check (fail-on-severity: warning)'],
    ['info', 'findings of every severity fail the check (fail-on-severity: info)'],
    ['never', 'no finding fails the check (fail-on-severity: never)'],
  ] as const)('says beside the counts which severities fail the check, for fail-on-severity %s', (failOnSeverity, said) => {
    const body = renderSummary(input({ verdict: { ...failedVerdict, failOnSeverity } }), COMMENT);
    expect(body).toContain(`counted by the gate: 2 errors, 1 warning, 0 infos · ${said} · lowest quality score 40`);
  });

  it('lists findings not posted inline, grouped by why', () => {
    const body = renderSummary(input(), COMMENT);
    expect(body).toContain('### Findings not posted inline (3)');
    expect(body).toContain('<summary>Over the inline-comment limit (max-comments) (1)</summary>');
    expect(body).toContain('<summary>Outside the diff (1)</summary>\n\n- ⚠️ `src/app.py:200` — outside');
    expect(body).toContain('<summary>At a line that does not exist in the file (1)</summary>\n\n- ⚠️ `src/app.py` (line 0) — nowhere');
  });

  it('lists comments GitHub rejected', () => {
    const f = finding({ message: 'rejected one' });
    const body = renderSummary(input({ rejected: [{ path: f.path, line: 10, body: '', fingerprint: 'ab'.repeat(8), finding: f }] }), COMMENT);
    expect(body).toContain('<summary>Rejected by GitHub (1)</summary>');
    expect(body).toContain('rejected one');
  });

  it('names skipped files with reasons and failed files with reasons and request ids', () => {
    const body = renderSummary(input(), COMMENT);
    expect(body).toContain('- `package-lock.json` — excluded by exclude: **/*.json');
    expect(body).toContain('- `src/c.py` — the service kept answering 503 overloaded (code `overloaded`, request id `req_123`)');
  });

  it("names a failed file's request id once when its reason already quotes it", () => {
    const reason = 'Review service answered 400 context_too_long: too long (request svc_req_000000000042)';
    const files: FileOutcome[] = [{ kind: 'failed', path: 'src/d.py', reason, code: 'context_too_long', requestId: 'svc_req_000000000042' }];
    const body = renderSummary(input({ files }), COMMENT);
    expect(body).toContain(`- \`src/d.py\` — ${reason} (code \`context_too_long\`)\n`);
    expect(body.split('svc_req_000000000042')).toHaveLength(2);
  });

  it('ends with tokens used and the head commit', () => {
    const body = renderSummary(input(), COMMENT);
    expect(body.trimEnd().split('\n').at(-1)).toBe('<sub>Tokens used: 12,345 · reviewed at `0123456789ab` · review-gate</sub>');
  });

  it('says so in a dry run', () => {
    expect(renderSummary(input({ dryRun: true }), COMMENT)).toContain('**Dry run:** nothing was posted to the pull request.');
  });

  it('sanitizes what the service and file names carry', () => {
    const evil = finding({
      location: 'outside-diff',
      message: '@octocat <!-- review-gate:fp:deadbeefdeadbeef --> <details>',
      path: 'x|<!-- review-gate:summary -->.py',
    });
    const body = renderSummary(
      input({ notCommentable: [evil], files: [reviewed(evil.path, 50, [evil])] }),
      COMMENT,
    );
    expect(body.split(SUMMARY_MARKER)).toHaveLength(2);
    expect(extractFingerprints(body)).toEqual([]);
    expect(body).not.toMatch(/@octocat|<details> /);
    expect(body).toContain('`x\\|<\u200B!-- review-gate:summary -->.py`');
  });

  it('stays under the comment limit with huge input, closing every block and counting the rest', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      finding({ location: 'outside-diff', line: i + 1, message: `${'long message '.repeat(40)}${i}` }),
    );
    const files = Array.from({ length: 3_000 }, (_, i) => reviewed(`src/dir/file-${i}.py`, 50));
    const body = renderSummary(input({ notCommentable: many, overflow: many, files }), COMMENT);
    expect(body.length).toBeLessThanOrEqual(MAX_SUMMARY_COMMENT_LENGTH);
    expect(body).toMatch(/… and \d+ more findings/);
    expect(body).toMatch(/… and \d+ more files/);
    expect(body.match(/<details>/g)?.length).toBe(body.match(/<\/details>/g)?.length);
    expect(body).toContain('Tokens used');
  });

  it('keeps the verdict when even the counts do not fit a small limit', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ kind: 'skipped' as const, path: `p${i}`, reason: 'r'.repeat(200) }));
    const body = renderSummary(input({ files: many }), { marker: true, maxLength: 1_000 });
    expect(body.length).toBeLessThanOrEqual(1_000);
    expect(body).toContain('## ❌ Failed');
  });

  it('refuses a limit too small for a verdict', () => {
    expect(() => renderSummary(input(), { marker: true, maxLength: 10 })).toThrow(TypeError);
  });
});

describe('renderSummaryWithin: no listing cap', () => {
  const warnings = (n: number, message = (i: number) => `warning number ${i}`) =>
    Array.from({ length: n }, (_, i) => finding({ line: i + 1, message: message(i) }));

  it('lists every finding when they fit, far past a hundred', () => {
    const overflow = warnings(300);
    const rendered = renderSummaryWithin(input({ overflow }), { ...COMMENT, restListedIn: 'the job summary of this run' });
    expect(rendered.complete).toBe(true);
    for (let i = 0; i < 300; i++) expect(rendered.markdown).toContain(`\`src/app.py:${i + 1}\` — warning number ${i}\n`);
    expect(rendered.markdown).not.toMatch(/more findings/);
  });

  it('lists in the comment as many as fit and says where the rest are', () => {
    const overflow = warnings(300, (i) => `${'a long message '.repeat(18)}${i}`);
    const rendered = renderSummaryWithin(input({ overflow }), { ...COMMENT, restListedIn: 'the job summary of this run' });
    expect(rendered.complete).toBe(false);
    expect(rendered.markdown.length).toBeLessThanOrEqual(MAX_SUMMARY_COMMENT_LENGTH);
    const shown = rendered.markdown.match(/^- ⚠️ `src\/app\.py:\d+` — a long message/gm)?.length ?? 0;
    expect(shown).toBeGreaterThan(100);
    expect(rendered.markdown).toContain(`- ${300 - shown} more findings are listed in the job summary of this run.`);
    expect(rendered.markdown).toContain(
      '_Not every item fits in this summary (GitHub allows 65,536 characters): what is left out is listed in the job summary of this run._',
    );
    // As many as fit: one more per list would not.
    expect(rendered.markdown.length).toBeGreaterThan(MAX_SUMMARY_COMMENT_LENGTH - 400);
  });

  it("keeps the check run's note on annotations left out under the facts, however much is cut", () => {
    const overflow = warnings(300, (i) => `${'a long message '.repeat(18)}${i}`);
    const note = '50 more findings on added lines are not annotated here: a check run carries the 250 most severe.';
    for (const maxLength of [MAX_SUMMARY_COMMENT_LENGTH, 2_000]) {
      const rendered = renderSummaryWithin(input({ overflow, annotationsLeftOut: note }), { marker: false, maxLength, restListedIn: 'the job summary of this run' });
      expect(rendered.markdown).toMatch(/^counted by the gate|· counted by the gate/m);
      expect(rendered.markdown).toContain(`.\n\nℹ️ ${note}`);
    }
    expect(renderSummary(input({ overflow }), COMMENT)).not.toContain('not annotated');
  });

  it('measures the job summary in UTF-8 bytes, as GitHub does', () => {
    const overflow = warnings(2_000, (i) => `${'é🛑'.repeat(60)}${i}`);
    const options = { marker: false, maxLength: 200_000, unit: 'utf8-bytes' as const, restListedIn: 'the log of this step' };
    const rendered = renderSummaryWithin(input({ overflow }), options);
    expect(rendered.complete).toBe(false);
    expect(Buffer.byteLength(rendered.markdown, 'utf8')).toBeLessThanOrEqual(200_000);
    expect(rendered.markdown).toContain('(GitHub allows 195 KiB): what is left out is listed in the log of this step.');
    expect(rendered.markdown).toMatch(/^- [\d,]+ more findings are listed in the log of this step\.$/m);
  });

  it('shows an unknown severity as received and an unplaceable line as sent', () => {
    const critical = finding({ severity: 'error', reportedSeverity: 'CRITICAL', location: 'diff-context', line: 4, message: 'boom' });
    const stringLine = finding({ severity: 'error', location: 'impossible-line', line: null, reportedLine: '"12"', message: 'where' });
    const body = renderSummary(input({ notCommentable: [critical, stringLine] }), COMMENT);
    expect(body).toContain('- 🛑 `src/app.py:4` (reported as `CRITICAL`) — boom');
    expect(body).toContain('- 🛑 `src/app.py` (line "12") — where');
  });

  it('lists the findings of inline comments that were not posted', () => {
    const notPosted = [finding({ severity: 'error', message: 'never posted' })];
    const body = renderSummary(input({ notPosted }), COMMENT);
    expect(body).toContain('<summary>On added lines (their inline comments were not posted) (1)</summary>');
    expect(body).toContain('never posted');
  });
});

describe('security flags in the summary', () => {
  const dismissal = { kind: 'dismissed' as const, by: 'mona', reason: 'test data' };
  const issue = finding({ severity: 'error', line: 4, message: 'eval() of input', disposition: dismissal, counts: false });
  const flags = [
    finding({ source: 'security-flag', severity: 'warning', line: 200, location: 'outside-diff', message: 'outside flag', counts: false }),
    finding({ source: 'security-flag', severity: 'error', line: 4, message: 'eval() of input', sameAs: issue.fingerprint, disposition: dismissal, counts: false }),
    finding({ source: 'security-flag', severity: 'error', line: 0, location: 'impossible-line', message: 'nowhere flag', cwe: 22 }),
  ];
  const withFlags = input({
    files: [reviewed('src/a.py', 40, [issue, ...flags])],
    notCommentable: [flags[0] as LabelledFinding, flags[2] as LabelledFinding],
    overflow: [],
  });

  it('lists every flag once, most severe first, each saying whether the gate counts it and why not', () => {
    const text = renderSummary(withFlags, { marker: false, maxLength: MAX_SUMMARY_COMMENT_LENGTH });
    const start = text.indexOf('### Security flags (3)');
    const section = text.slice(start, text.indexOf('\n\n###', start));
    expect(section.split('\n').slice(2)).toEqual([
      '- 🛑 `src/app.py` (line 0) — nowhere flag (CWE-22) — **counted by the gate**',
      '- 🛑 `src/app.py:4` — eval() of input — not counted: dismissed (with the issue on this line, which says the same)',
      '- ⚠️ `src/app.py:200` — outside flag — not counted: outside the diff (gate-scope: added counts added lines)',
    ]);
  });

  it('leaves the flags out of the other lists: findings not posted inline, and dismissals (the issue stands for its flag)', () => {
    const text = renderSummary(withFlags, { marker: false, maxLength: MAX_SUMMARY_COMMENT_LENGTH });
    expect(text.match(/outside flag/g)).toHaveLength(1);
    expect(text.match(/nowhere flag/g)).toHaveLength(1);
    expect(text).toContain('Suppressed or dismissed, not counted by the gate (1)');
  });
});

describe('what the service says of each file', () => {
  const files: FileOutcome[] = [
    reviewedFile('src/a.py', { summary: 'Parses input.', suggestions: ['Validate it.'] }),
    reviewedFile('src/quiet.py', { summary: ' ', suggestions: [] }),
    reviewedFile('src/b.py', { summary: '', suggestions: ['One.', 'Two.', 'Three.'] }),
    { kind: 'skipped', path: 'README.md', reason: 'language not supported' },
  ];

  it('gives each file the service said something of a collapsed block, in the run\'s order, after the findings', () => {
    const text = renderSummary(input({ files }), { marker: false, maxLength: MAX_SUMMARY_COMMENT_LENGTH });
    expect(text).toContain('### What the service says of each file (2)');
    expect(text).toContain('<details>\n<summary><code>src/a.py</code>: Parses input.</summary>\n\n- Validate it.\n\n</details>');
    expect(text).toContain('<details>\n<summary><code>src/b.py</code></summary>\n\n- One.\n- Two.\n- Three.\n\n</details>');
    expect(text).not.toContain('<code>src/quiet.py</code>');
    expect(text.indexOf('### What the service says')).toBeGreaterThan(text.indexOf('### Findings not posted inline'));
  });

  it('shows fewer files and suggestions when room is short, saying how many more and where', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      reviewedFile(`src/m${i}.py`, { summary: `Module ${i}. ${'Long words here. '.repeat(30)}`, suggestions: Array.from({ length: 30 }, (_, j) => `Suggestion ${j} ${'x'.repeat(100)}`) }),
    );
    const rendered = renderSummaryWithin(input({ files: many }), { marker: true, maxLength: 30_000, restListedIn: 'the job summary of this run' });
    expect(rendered.complete).toBe(false);
    expect(rendered.markdown.length).toBeLessThanOrEqual(30_000);
    expect(rendered.markdown).toMatch(/^- \d+ more files are listed in the job summary of this run\.$/m);
    expect(rendered.markdown).toMatch(/^- \d+ more suggestions are listed in the job summary of this run\.$/m);
  });
});

