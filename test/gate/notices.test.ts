/**
 * The verdict's notices never contradict its reasons: a run whose key was rejected had files to
 * review, so it does not also say there was nothing to review.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { FileOutcome } from '../../src/domain/outcomes';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };
const rejected = 'not reviewed: the review service rejected the API key (authentication_failed). Use a valid key with the svc_live_ prefix';

describe('notices of the verdict', () => {
  it('do not say "nothing to review" when a rejected key kept every file from review', () => {
    const outcomes: FileOutcome[] = [
      { kind: 'failed', path: 'a.py', reason: rejected, code: 'authentication_failed' },
      { kind: 'skipped', path: 'README.md', reason: 'language' },
    ];
    for (const onIncomplete of ['fail', 'pass'] as const) {
      const verdict = decide({ outcomes, fatal: rejected }, { ...thresholds, onIncomplete });
      expect(verdict).toMatchObject({ result: 'failed', reasons: [{ text: rejected, cause: 'could-not-run' }], notices: [] });
    }
  });

  it('still say it when only skipped files changed', () => {
    const verdict = decide({ outcomes: [{ kind: 'skipped', path: 'README.md', reason: 'language' }] }, thresholds);
    expect(verdict.notices).toEqual(['Nothing to review: no changed file in a supported language passed the filters']);
  });
});
