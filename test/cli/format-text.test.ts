/**
 * `--format text` as a user reads it: each finding the gate does not count says why (suppressed,
 * dismissed, or on lines the change does not touch), a suppression or dismissal that does not
 * count says so under the finding it aimed at, and every path prints in its visible form.
 */
import { describe, expect, it } from 'vitest';
import type { LabelledFinding } from '../../src/domain/findings';
import type { FileOutcome } from '../../src/domain/outcomes';
import { printFileLists, printFindings } from '../../src/cli/format-text';
import { createTerminal } from '../../src/cli/terminal';
import { createRedactor } from '../../src/safety/redact';
import { finding, reviewedFile } from '../support/findings';

function printed(outcomes: FileOutcome[]): string {
  const lines: string[] = [];
  const terminal = createTerminal({ out: (l) => lines.push(l), err: (l) => lines.push(l), env: {}, cwd: '/' }, createRedactor([]));
  const findings = outcomes.flatMap((o) => (o.kind === 'reviewed' ? o.findings : []));
  const verdict = { result: 'passed' as const, reasons: [], notices: [], counted: { error: 0, warning: 0, info: 0 } };
  printFindings(terminal, { outcomes, findings, verdict });
  printFileLists(terminal, { outcomes }, false);
  return lines.join('\n');
}

const error = (overrides: Partial<LabelledFinding>): LabelledFinding => finding({ severity: 'error', message: 'eval() is dangerous', ...overrides });

describe('the text format', () => {
  it('lists counted findings first, then those set aside with who or what did and why, then counts what is off the change', () => {
    const findings = [
      error({ line: 12, disposition: { kind: 'dismissed', by: 'octocat', reason: 'reviewed by security' } }),
      error({ line: 4, disposition: { kind: 'suppressed', reason: 'test fixture', line: 3 } }),
      error({ line: 40, location: 'outside-diff' }),
      error({ line: 2, location: 'diff-context' }),
      error({ line: 7, suggestion: 'use ast.literal_eval' }),
    ];
    expect(printed([reviewedFile('src/app.py', { score: 70, findings })])).toBe(
      [
        '',
        'src/app.py (score 70)',
        'src/app.py:7  error  eval() is dangerous',
        '    ↳ use ast.literal_eval',
        'src/app.py:4  error  eval() is dangerous',
        '    suppressed: test fixture (review-gate-ignore on line 3)',
        'src/app.py:12  error  eval() is dangerous',
        '    dismissed by @octocat: reviewed by security',
        '    2 more findings on lines this change does not touch (not counted; --format json lists them)',
      ].join('\n'),
    );
  });

  it('says under a counted finding why a suppression aimed at it does not count', () => {
    const refused = error({ line: 5, refusedDispositions: ['review-gate-ignore on line 5 gives no reason (write "review-gate-ignore: <reason>"), so it does not count'] });
    expect(printed([reviewedFile('src/app.py', { findings: [refused] })])).toContain(
      'src/app.py:5  error  eval() is dangerous\n    review-gate-ignore on line 5 gives no reason (write "review-gate-ignore: <reason>"), so it does not count',
    );
  });

  it('prints every path, of findings and of file lists, in its visible form', () => {
    const evil = 'evil\u001b[31mred\u001b[0m.py';
    const text = printed([
      reviewedFile(evil, { score: 50, findings: [error({ path: evil, line: 1 }), error({ path: evil, line: 0, location: 'impossible-line' })] }),
      { kind: 'failed', path: 'big\u202e.py', reason: 'not reviewed: too large' },
      { kind: 'skipped', path: 'notes\u0007.md', reason: 'language not supported by the review service' },
    ]);
    expect(text).toContain('\nevil\\u{1b}[31mred\\u{1b}[0m.py (score 50)\n');
    expect(text).toContain('\nevil\\u{1b}[31mred\\u{1b}[0m.py:1  error  eval() is dangerous\n');
    expect(text).toContain('\nevil\\u{1b}[31mred\\u{1b}[0m.py (line 0)  error  eval() is dangerous\n');
    expect(text).toContain('\n  big\\u{202e}.py: not reviewed: too large\n');
    expect(text).toContain('\n  notes\\u{7}.md: language not supported by the review service');
    expect(text).not.toContain('evilred.py');
  });
});
