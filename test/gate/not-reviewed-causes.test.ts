/**
 * Each file not reviewed is told under its own cause: a reason about the code (too large, past
 * max-files, not decodable, max-duration) or one about the service (an outage, the daily limit,
 * a rejected key). The exit status follows: 3 only when nothing the run could judge failed.
 */
import { describe, expect, it } from 'vitest';
import type { FileOutcome } from '../../src/domain/outcomes';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import { EXIT, exitStatusOf } from '../../src/cli/exit-status';
import { reviewedFile } from '../support/findings';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };

type NotReviewed = Extract<FileOutcome, { kind: 'failed' }>;

const tooLarge: NotReviewed = { kind: 'failed', path: 'big.py', reason: 'not reviewed: the file has 300 bytes, more than max-file-size (200 bytes)' };
const pastMaxFiles: NotReviewed = { kind: 'failed', path: 'z.py', reason: 'not reviewed: past max-files (2 files)' };
const outage: NotReviewed = { kind: 'failed', path: 'b.py', reason: 'not reviewed: overloaded', code: 'overloaded' };
const dailyLimit: NotReviewed = { kind: 'failed', path: 'c.py', reason: 'not reviewed: daily limit reached', code: 'daily_limit_exceeded' };
const rejectedKey: NotReviewed = { kind: 'failed', path: 'd.py', reason: 'not reviewed: the key was rejected', code: 'authentication_failed' };

describe('files not reviewed, each under its own cause', () => {
  it('a file too large beside an outage: one reason about the code, one that the service could not run; exit 1', () => {
    const verdict = decide({ outcomes: [tooLarge, outage, reviewedFile('ok.py', { score: 90 })] }, thresholds);
    expect(verdict.reasons.map((r) => [r.cause, r.text])).toEqual([
      ['incomplete', `1 file could not be reviewed: big.py (${tooLarge.reason}) (on-incomplete: fail)`],
      ['could-not-run', `1 file could not be reviewed: b.py (${outage.reason}) (on-incomplete: fail)`],
    ]);
    expect(exitStatusOf(verdict)).toBe(EXIT.failed);
  });

  it('any order of the outcomes gives the same causes', () => {
    const one = decide({ outcomes: [outage, dailyLimit, pastMaxFiles] }, thresholds);
    const other = decide({ outcomes: [pastMaxFiles, dailyLimit, outage] }, thresholds);
    expect(one.reasons.map((r) => r.cause)).toEqual(['incomplete', 'could-not-run']);
    expect(other.reasons.map((r) => r.cause)).toEqual(['incomplete', 'could-not-run']);
    expect([exitStatusOf(one), exitStatusOf(other)]).toEqual([EXIT.failed, EXIT.failed]);
  });

  it('a rejected key: its fatal reason covers the files it kept from review, not a file too large', () => {
    const verdict = decide({ outcomes: [rejectedKey, tooLarge], fatal: 'the key was rejected' }, thresholds);
    expect(verdict.reasons.map((r) => r.cause)).toEqual(['could-not-run', 'incomplete']);
    expect(verdict.reasons[1]?.text).toContain('big.py');
    expect(verdict.reasons.map((r) => r.text).join('\n')).not.toContain('d.py');
    expect(exitStatusOf(verdict)).toBe(EXIT.failed);
  });

  it('only the service failed: could not run, exit 3', () => {
    const verdict = decide({ outcomes: [outage, dailyLimit, reviewedFile('ok.py', { score: 90 })] }, thresholds);
    expect(verdict.reasons.map((r) => r.cause)).toEqual(['could-not-run']);
    expect(exitStatusOf(verdict)).toBe(EXIT.couldNotRun);
  });

  it('on-incomplete neutral: both reasons are neutral, each with its cause; the outage is said by exit 3', () => {
    const verdict = decide({ outcomes: [tooLarge, outage] }, { ...thresholds, onIncomplete: 'neutral' });
    expect(verdict.result).toBe('neutral');
    expect(verdict.reasons.map((r) => r.cause)).toEqual(['incomplete', 'could-not-run']);
    expect(exitStatusOf(verdict)).toBe(EXIT.couldNotRun);
    const codeOnly = decide({ outcomes: [tooLarge] }, { ...thresholds, onIncomplete: 'neutral' });
    expect(exitStatusOf(codeOnly)).toBe(EXIT.passed);
  });

  it('on-incomplete neutral beside a failure: each not-reviewed sentence becomes a notice, and the check fails', () => {
    const failing = decide({ outcomes: [tooLarge, outage, reviewedFile('low.py', { score: 10 })] }, { ...thresholds, onIncomplete: 'neutral', minScore: 50 });
    expect(failing.result).toBe('failed');
    expect(failing.reasons.map((r) => r.cause)).toEqual(['score']);
    expect(failing.notices.filter((n) => n.endsWith('the check fails for the reasons above anyway'))).toHaveLength(2);
  });
});
