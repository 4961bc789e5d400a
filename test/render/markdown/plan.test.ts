import { describe, expect, it } from 'vitest';
import type { Severity } from '../../../src/domain/vocabulary';
import { extractFingerprints } from '../../../src/domain/markers';
import { planInlineComments } from '../../../src/write/inline-plan';
import type { FindingLocation } from '../../../src/domain/findings';
import { finding } from '../../support/findings';

const SEVERITY_CYCLE: Severity[] = ['info', 'warning', 'error'];

describe('planInlineComments', () => {
  it('posts at most maxComments of 150 findings, errors first, and counts the overflow', () => {
    const findings = Array.from({ length: 150 }, (_, i) =>
      finding({ line: i + 1, severity: SEVERITY_CYCLE[i % 3] as Severity, message: `issue ${i}`, lineText: `x${i}` }),
    );
    const plan = planInlineComments(findings, 60);
    expect(plan.comments).toHaveLength(60);
    expect(plan.overflow).toHaveLength(90);
    expect(plan.comments.slice(0, 50).every((c) => c.finding.severity === 'error')).toBe(true);
    expect(plan.comments.slice(50).every((c) => c.finding.severity === 'warning')).toBe(true);
    expect(plan.overflow.filter((f) => f.severity === 'info')).toHaveLength(50);
    expect(plan.comments.slice(0, 50).map((c) => c.line)).toEqual(
      [...plan.comments.slice(0, 50).map((c) => c.line)].sort((a, b) => a - b),
    );
  });

  it('orders within a severity by path, then line', () => {
    const plan = planInlineComments(
      [
        finding({ path: 'b.py', line: 1, message: '1' }),
        finding({ path: 'a.py', line: 9, message: '2' }),
        finding({ path: 'a.py', line: 2, message: '3' }),
      ],
      10,
    );
    expect(plan.comments.map((c) => `${c.path}:${c.line}`)).toEqual(['a.py:2', 'a.py:9', 'b.py:1']);
  });

  it('keeps findings off added lines out of the comments, reported as not commentable', () => {
    const locations: FindingLocation[] = ['diff-context', 'outside-diff', 'diff-unknown', 'impossible-line'];
    const plan = planInlineComments([...locations.map((location) => finding({ location })), finding()], 10);
    expect(plan.comments).toHaveLength(1);
    expect(plan.notCommentable.map((f) => f.location)).toEqual(locations);
  });

  it('collapses identical findings on one run into one comment and counts them', () => {
    const same = { message: 'Shadows a builtin', lineText: 'list = []' };
    const plan = planInlineComments([finding({ line: 30, ...same }), finding({ line: 4, ...same }), finding({ line: 8 })], 10);
    expect(plan.comments.map((c) => c.line)).toEqual([4, 8]);
    expect(plan.duplicates.map((f) => f.line)).toEqual([30]);
    expect(plan.comments[0]?.body).toContain('line 30');
  });

  it('gives each comment a body carrying its own fingerprint', () => {
    const plan = planInlineComments([finding()], 5);
    const [comment] = plan.comments;
    expect(extractFingerprints(comment?.body ?? '')).toEqual([comment?.fingerprint]);
  });

  it('puts everything in overflow when maxComments is 0', () => {
    const plan = planInlineComments([finding(), finding({ line: 11, message: 'x' })], 0);
    expect(plan.comments).toEqual([]);
    expect(plan.overflow).toHaveLength(2);
  });

  it('refuses a negative or fractional maxComments', () => {
    expect(() => planInlineComments([], -1)).toThrow('Expected `maxComments` to be an integer from 0 and up, got -1');
    expect(() => planInlineComments([], 1.5)).toThrow(TypeError);
  });

  it('posts a flag an issue stands for inside that issue\'s comment, never in one of its own', () => {
    const issue = finding({ severity: 'error', message: 'eval() of input' });
    const flag = finding({ source: 'security-flag', severity: 'error', message: 'Code injection', sameAs: issue.fingerprint, counts: false });
    const alone = finding({ source: 'security-flag', severity: 'error', line: 11, message: 'Open redirect' });
    const plan = planInlineComments([issue, flag, alone], 5);
    expect(plan.comments.map((c) => [c.line, c.finding.source, c.flags?.length ?? 0])).toEqual([
      [10, 'issue', 1],
      [11, 'security-flag', 0],
    ]);
    expect(extractFingerprints(plan.comments[0]?.body ?? '')).toEqual([issue.fingerprint, flag.fingerprint]);
    expect([...plan.overflow, ...plan.notCommentable, ...plan.duplicates]).toEqual([]);
  });

  it('posts nothing below comment-severity: those findings are listed apart and never take a comment\'s place', () => {
    const findings = [
      finding({ line: 1, severity: 'info', message: 'i' }),
      finding({ line: 2, severity: 'warning', message: 'w' }),
      finding({ line: 3, severity: 'error', message: 'e' }),
      finding({ path: 'legacy/old.py', line: 4, severity: 'warning', message: 'quiet here' }),
      finding({ line: 5, severity: 'info', message: 'outside', location: 'outside-diff' }),
    ];
    const plan = planInlineComments(findings, 1, { commentSeverity: (path) => (path.startsWith('legacy/') ? 'error' : 'warning') });
    expect(plan.comments.map((c) => c.finding.message)).toEqual(['e']);
    expect(plan.overflow.map((f) => f.message)).toEqual(['w']);
    expect(plan.belowCommentSeverity.map((f) => f.message)).toEqual(['quiet here', 'i']);
    expect(plan.notCommentable.map((f) => f.message)).toEqual(['outside']);
  });

  it('posts every severity without comment-severity, or with info', () => {
    const findings = [finding({ line: 1, severity: 'info', message: 'i' }), finding({ line: 2, severity: 'error', message: 'e' })];
    for (const plan of [planInlineComments(findings, 5), planInlineComments(findings, 5, { commentSeverity: () => 'info' })]) {
      expect(plan.comments).toHaveLength(2);
      expect(plan.belowCommentSeverity).toEqual([]);
    }
  });
});
