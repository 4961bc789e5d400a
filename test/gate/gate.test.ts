import { describe, expect, it } from 'vitest';
import type { GateScope, Severity } from '../../src/domain/vocabulary';
import { failingFiles, reasonTexts } from '../../src/domain/verdict';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { FindingLocation, LabelledFinding } from '../../src/domain/findings';
import { labelled, reviewedFile } from '../support/findings';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };

const finding = (severity: Severity, location: FindingLocation = 'added-line', scope: GateScope = 'added'): LabelledFinding =>
  labelled({ path: 'a.py', line: 3, severity, message: 'm', suggestion: '', location }, scope);

const reviewed = (path: string, score: number, findings: LabelledFinding[] = []): FileOutcome => reviewedFile(path, { score, findings });

describe('decide', () => {
  it('fails on an error finding on an added line and says so', () => {
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [finding('error'), finding('warning')])] }, thresholds);
    expect(verdict.result).toBe('failed');
    expect(reasonTexts(verdict)).toEqual(['1 error finding on added lines (fail-on-severity: error)']);
    expect(verdict.counted).toEqual({ error: 1, warning: 1, info: 0 });
  });

  it('ignores an error outside the diff with gate-scope added, and counts it with gate-scope file', () => {
    const outcomes = [reviewed('a.py', 80, [finding('error', 'outside-diff'), finding('error', 'diff-context')])];
    expect(decide({ outcomes }, thresholds).result).toBe('passed');
    const labelledForFile = [reviewed('a.py', 80, [finding('error', 'outside-diff', 'file'), finding('error', 'diff-context', 'file')])];
    const fileScope = decide({ outcomes: labelledForFile }, { ...thresholds, gateScope: 'file' });
    expect(fileScope.result).toBe('failed');
    expect(reasonTexts(fileScope)).toEqual(['2 error findings in reviewed files (fail-on-severity: error)']);
  });

  it('counts a finding in a file whose diff GitHub did not send', () => {
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [finding('error', 'diff-unknown')])] }, thresholds);
    expect(verdict.result).toBe('failed');
  });

  it('says which line break makes a finding unplaceable, apart from the files without a diff', () => {
    const misnumbered = labelled({ path: 'app/m.py', line: 4, severity: 'error', message: 'eval', suggestion: '', location: 'diff-unknown', uncountedBreak: 'a lone carriage return (CR) on line 2' });
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [finding('error', 'diff-unknown')]), reviewed('app/m.py', 80, [misnumbered])] }, thresholds);

    expect(reasonTexts(verdict)).toEqual([
      '1 error finding in files whose diff GitHub did not send (a.py) counts toward the gate: the action cannot tell which lines the pull request adds there (fail-on-severity: error)',
      '1 error finding in files holding a line break git does not count (app/m.py: a lone carriage return (CR) on line 2) counts toward the gate: ' +
        'from that line on, the service may number lines otherwise than git, so the action cannot tell which lines the pull request adds there (fail-on-severity: error)',
    ]);
    expect(verdict.reasons.map((r) => r.paths)).toEqual([['a.py'], ['app/m.py']]);
  });

  it('fails on warnings only when fail-on-severity is warning or info', () => {
    const outcomes = [reviewed('a.py', 80, [finding('warning')])];
    expect(decide({ outcomes }, thresholds).result).toBe('passed');
    expect(reasonTexts(decide({ outcomes }, { ...thresholds, failOnSeverity: 'warning' }))).toEqual([
      '1 warning finding on added lines (fail-on-severity: warning)',
    ]);
    expect(decide({ outcomes: [reviewed('a.py', 80, [finding('error')])] }, { ...thresholds, failOnSeverity: 'never' }).result).toBe(
      'passed',
    );
  });

  it('fails on a score below min-score, naming the file, and reports lowest and average scores', () => {
    const verdict = decide({ outcomes: [reviewed('a.py', 55), reviewed('b.py', 90)] }, { ...thresholds, minScore: 70 });
    expect(reasonTexts(verdict)).toEqual(['quality score 55 of a.py is below min-score 70']);
    expect(verdict.lowestScore).toBe(55);
    expect(verdict.averageScore).toBe(72.5);
  });

  it('fails on unreviewed files with on-incomplete fail, and passes with a notice with on-incomplete pass', () => {
    const outcomes: FileOutcome[] = [reviewed('a.py', 90), { kind: 'failed', path: 'b.py', reason: 'context_too_long' }];
    const failing = decide({ outcomes }, thresholds);
    expect(failing.result).toBe('failed');
    expect(reasonTexts(failing)).toEqual(['1 file could not be reviewed: b.py (context_too_long) (on-incomplete: fail)']);
    const passing = decide({ outcomes }, { ...thresholds, onIncomplete: 'pass' });
    expect(passing.result).toBe('passed');
    expect(passing.notices).toEqual(['1 file could not be reviewed: b.py (context_too_long); passing because on-incomplete is pass']);
  });

  it('treats a cut file list as incomplete', () => {
    const verdict = decide({ outcomes: [reviewed('a.py', 90)], listTruncated: true }, thresholds);
    expect(verdict.result).toBe('failed');
  });

  it('fails on a fatal error even with on-incomplete pass', () => {
    const outcomes: FileOutcome[] = [{ kind: 'failed', path: 'a.py', reason: 'key rejected', code: 'authentication_failed' }];
    const verdict = decide({ outcomes, fatal: 'key rejected' }, { ...thresholds, onIncomplete: 'pass' });
    expect(verdict).toMatchObject({ result: 'failed', reasons: [{ text: 'key rejected', cause: 'could-not-run' }] });
  });

  it('passes with a notice when there is nothing to review', () => {
    const verdict = decide({ outcomes: [{ kind: 'skipped', path: 'README.md', reason: 'language' }] }, thresholds);
    expect(verdict.result).toBe('passed');
    expect(verdict.notices).toEqual(['Nothing to review: no changed file in a supported language passed the filters']);
    expect(verdict.lowestScore).toBeUndefined();
  });

  it('counts an error at a line it cannot place in gate-scope added, and says where the service put it', () => {
    const unplaced = (line: number | null, extra: Partial<LabelledFinding> = {}): LabelledFinding => ({
      ...finding('error', 'impossible-line'),
      line,
      ...extra,
    });
    const one = decide({ outcomes: [reviewed('a.py', 80, [unplaced(0)])] }, thresholds);
    expect(one.result).toBe('failed');
    expect(one.counted.error).toBe(1);
    expect(reasonTexts(one)).toEqual([
      '1 error finding at a line that cannot be placed (a.py line 0) counts toward the gate: the action cannot tell whether the pull request adds that line (fail-on-severity: error)',
    ]);

    const all = [unplaced(-2), unplaced(1.5), unplaced(null, { reportedLine: '"12"' }), unplaced(null), unplaced(999)];
    const many = decide({ outcomes: [reviewed('a.py', 80, [finding('error'), ...all])] }, thresholds);
    expect(many.counted.error).toBe(6);
    expect(reasonTexts(many)).toEqual([
      '1 error finding on added lines (fail-on-severity: error)',
      '5 error findings at a line that cannot be placed (a.py line -2; a.py line 1.5; a.py line "12"; and 2 more) count toward the gate: the action cannot tell whether the pull request adds that line (fail-on-severity: error)',
    ]);
  });

  it('does not fail on an unplaceable finding below fail-on-severity, and counts it once in gate-scope file', () => {
    const outcomes = [reviewed('a.py', 80, [finding('warning', 'impossible-line')])];
    expect(decide({ outcomes }, thresholds)).toMatchObject({ result: 'passed', counted: { error: 0, warning: 1, info: 0 } });
    const errors = [reviewed('a.py', 80, [finding('error', 'impossible-line', 'file')])];
    expect(reasonTexts(decide({ outcomes: errors }, { ...thresholds, gateScope: 'file' }))).toEqual([
      '1 error finding in reviewed files (fail-on-severity: error)',
    ]);
  });

  it('says which errors were counted only because their severity was unknown, as received', () => {
    const critical = { ...finding('error'), reportedSeverity: 'CRITICAL' };
    const blocker = { ...finding('error'), reportedSeverity: 'blocker' };
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [critical, blocker, finding('error')])] }, thresholds);
    expect(reasonTexts(verdict)).toEqual([
      '3 error findings on added lines (fail-on-severity: error), 2 reported with a severity the action does not know ("CRITICAL"; "blocker") and counted as errors',
    ]);
  });

  it('compares the score as the service sent it: 59.5 is below min-score 60, 60 is not', () => {
    const below = decide({ outcomes: [reviewed('a.py', 59.5)] }, { ...thresholds, minScore: 60 });
    expect(below.result).toBe('failed');
    expect(reasonTexts(below)).toEqual(['quality score 59.5 of a.py is below min-score 60']);
    expect(below.lowestScore).toBe(59.5);
    expect(decide({ outcomes: [reviewed('a.py', 60)] }, { ...thresholds, minScore: 60 }).result).toBe('passed');
  });

  it('names the files each findings or score reason fails, so every surface can mark them; other causes name none', () => {
    const at = (path: string, severity: Severity, location: FindingLocation = 'added-line'): LabelledFinding =>
      labelled({ path, line: 3, severity, message: 'm', suggestion: '', location });
    const outcomes: FileOutcome[] = [
      reviewed('a.py', 40, [at('a.py', 'error'), at('a.py', 'warning')]),
      reviewed('b.py', 90, [at('b.py', 'warning'), at('b.py', 'error', 'outside-diff')]),
      reviewed('c.py', 90, [at('c.py', 'error', 'impossible-line')]),
      { kind: 'failed', path: 'd.py', reason: 'not reviewed: too large' },
    ];
    const verdict = decide({ outcomes }, { ...thresholds, failOnSeverity: 'warning', minScore: 50 });
    expect(verdict.reasons.map(({ cause, severity, paths }) => ({ cause, severity, paths }))).toEqual([
      { cause: 'findings', severity: 'error', paths: ['a.py'] },
      { cause: 'findings', severity: 'error', paths: ['c.py'] },
      { cause: 'findings', severity: 'warning', paths: ['a.py', 'b.py'] },
      { cause: 'score', severity: undefined, paths: ['a.py'] },
      { cause: 'incomplete', severity: undefined, paths: undefined },
    ]);
    expect(failingFiles(verdict)).toEqual(
      new Map([
        ['a.py', ['error', 'warning', 'score']],
        ['c.py', ['error']],
        ['b.py', ['warning']],
      ]),
    );
    expect(verdict.failOnSeverity).toBe('warning');
  });

  it('writes a path with control or bidi characters in its visible form in every reason', () => {
    const evil = 'evil\u001b[31mred\u202e.py';
    const outcomes: FileOutcome[] = [
      reviewed(evil, 40, [labelled({ path: evil, line: 0, severity: 'error', message: 'm', suggestion: '', location: 'impossible-line' })]),
      { kind: 'failed', path: `${evil}x`, reason: 'not reviewed: too large' },
    ];
    const texts = reasonTexts(decide({ outcomes }, { ...thresholds, minScore: 50 }));
    expect(texts).toEqual([
      expect.stringContaining('(evil\\u{1b}[31mred\\u{202e}.py line 0)'),
      'quality score 40 of evil\\u{1b}[31mred\\u{202e}.py is below min-score 50',
      expect.stringContaining('could not be reviewed: evil\\u{1b}[31mred\\u{202e}.pyx (not reviewed: too large)'),
    ]);
    // The verdict keeps the real paths, for what marks the files.
    expect(decide({ outcomes }, { ...thresholds, minScore: 50 }).reasons[0]?.paths).toEqual([evil]);
  });

  it('counts a security flag like an issue of its severity, and says how many of the counted are flags', () => {
    const flag = labelled({ source: 'security-flag', path: 'a.py', line: 4, severity: 'error', message: 'SQL injection', suggestion: '', location: 'added-line' });
    const unplaced = labelled({ source: 'security-flag', path: 'a.py', line: null, severity: 'error', message: 'Secret', suggestion: '', location: 'impossible-line' });
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [finding('error'), flag, unplaced])] }, thresholds);
    expect(verdict.counted.error).toBe(3);
    expect(reasonTexts(verdict)).toEqual([
      '2 error findings on added lines (fail-on-severity: error), including 1 security flag',
      '1 error finding at a line that cannot be placed (a.py no line) counts toward the gate: the action cannot tell whether the pull request adds that line (fail-on-severity: error), including 1 security flag',
    ]);
  });

  it('passes on a flag it does not count (security-flags: report, or an issue stands for it)', () => {
    const reported = labelled({ source: 'security-flag', path: 'a.py', line: 4, severity: 'error', message: 'SQL', suggestion: '', location: 'added-line', uncounted: 'security-flags: report' });
    const verdict = decide({ outcomes: [reviewed('a.py', 80, [reported])] }, thresholds);
    expect(verdict.result).toBe('passed');
    expect(verdict.counted.error).toBe(0);
  });
});
