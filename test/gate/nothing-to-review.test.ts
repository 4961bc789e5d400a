/** "Nothing to review" is said only when there was nothing to review, never after failures. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };

describe('the nothing-to-review notice', () => {
  it('is not given when every file failed on a rejected key', () => {
    const verdict = decide(
      {
        outcomes: ['a.py', 'b.py', 'c.py'].map((path) => ({ kind: 'failed' as const, path, reason: 'not reviewed: key rejected', code: 'authentication_failed' })),
        fatal: 'the review service rejected the API key',
      },
      thresholds,
    );
    expect(verdict.result).toBe('failed');
    expect(verdict.notices.join('\n')).not.toContain('Nothing to review');
  });

  it('is given when only skipped files changed', () => {
    const verdict = decide({ outcomes: [{ kind: 'skipped', path: 'README.md', reason: 'not a supported language' }] }, thresholds);
    expect(verdict.notices).toEqual(['Nothing to review: no changed file in a supported language passed the filters']);
  });
});
