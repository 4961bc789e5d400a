import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/domain/vocabulary';
import { planAnnotations } from '../../src/render/annotations';
import type { AnnotationCaps } from '../../src/render/annotations';

/** GitHub's per-step limits of a workflow's own annotations. */
const GITHUB_ANNOTATION_CAPS: AnnotationCaps = { error: 10, warning: 10, notice: 10 };
import { finding } from '../support/findings';

describe('planAnnotations', () => {
  it('emits findings on added lines, most severe first, within the per-level caps', () => {
    const severities: Severity[] = ['info', 'warning', 'error'];
    const findings = Array.from({ length: 45 }, (_, i) => finding({ line: i + 1, severity: severities[i % 3] as Severity }));
    const plan = planAnnotations(findings, GITHUB_ANNOTATION_CAPS);
    expect(plan.annotations.map((a) => a.level)).toEqual([
      ...Array<string>(10).fill('error'),
      ...Array<string>(10).fill('warning'),
      ...Array<string>(10).fill('notice'),
    ]);
    expect(plan.omitted).toBe(15);
    expect(plan.omittedByLevel).toEqual({ error: 5, warning: 5, notice: 5 });
  });

  it('leaves out findings on lines the pull request shows but does not add', () => {
    const plan = planAnnotations([finding({ location: 'outside-diff' }), finding({ location: 'diff-context' })], GITHUB_ANNOTATION_CAPS);
    expect(plan.annotations).toEqual([]);
    expect(plan.omitted).toBe(0);
  });

  it('annotates the findings the gate counts without an added line, saying why: no diff, or a line that cannot be placed', () => {
    const plan = planAnnotations(
      [
        finding({ severity: 'error', path: 'a.ts', line: 7, location: 'diff-unknown' }),
        finding({ severity: 'error', path: 'b.py', line: null, reportedLine: '"2"', location: 'impossible-line' }),
        finding({ severity: 'error', path: 'c.py', line: 0, location: 'impossible-line' }),
      ],
      GITHUB_ANNOTATION_CAPS,
    );
    expect(plan.annotations.map((a) => [a.path, a.line, a.title])).toEqual([
      ['a.ts', 7, 'review-gate: Error, in a file whose diff GitHub did not send'],
      ['b.py', 1, 'review-gate: Error at line "2", which cannot be placed'],
      ['c.py', 1, 'review-gate: Error at line 0, which cannot be placed'],
    ]);
  });

  it('gives a one-line title and message with the suggestion', () => {
    const [a] = planAnnotations(
      [finding({ severity: 'error', message: 'Bad\nthing', suggestion: 'Fix it.', path: 'x.py', line: 3 })],
      GITHUB_ANNOTATION_CAPS,
    ).annotations;
    expect(a).toMatchObject({ level: 'error', path: 'x.py', line: 3, title: 'review-gate: Error', message: 'Bad thing Suggestion: Fix it.' });
  });

  it('names a security flag, says why one is not counted, and leaves a flag an issue stands for to that issue', () => {
    const issue = finding({ severity: 'error', message: 'eval() of input', path: 'x.py', line: 3 });
    const plan = planAnnotations(
      [
        issue,
        finding({ source: 'security-flag', severity: 'error', message: 'Code injection', path: 'x.py', line: 3, sameAs: issue.fingerprint, counts: false }),
        finding({ source: 'security-flag', severity: 'warning', message: 'Weak hash', path: 'x.py', line: 5, cwe: 327, kind: 'weak-crypto' }),
        finding({ source: 'security-flag', severity: 'error', message: 'SQL', path: 'x.py', line: 7, uncounted: 'security-flags: report', counts: false }),
      ],
      GITHUB_ANNOTATION_CAPS,
    );
    expect(plan.annotations.map((a) => [a.line, a.title])).toEqual([
      [3, 'review-gate: Error'],
      [5, 'review-gate: Warning, security flag (CWE-327, weak-crypto)'],
      [7, 'review-gate: Error, security flag, not counted (security-flags: report)'],
    ]);
  });

  it('gives the capped error annotations to what the gate counts before flags it only shows', () => {
    const shown = finding({ source: 'security-flag', severity: 'error', path: 'a.py', line: 1, message: 'shown', uncounted: 'security-flags: report', counts: false });
    const counted = finding({ severity: 'error', path: 'z.py', line: 9, message: 'counted' });
    const plan = planAnnotations([shown, counted], { error: 1, warning: 1, notice: 1 });
    expect(plan.annotations.map((a) => a.message)).toEqual(['counted']);
    expect(plan.omittedByLevel.error).toBe(1);
  });
});
