import { describe, expect, it } from 'vitest';
import type { GateVerdict, ReasonCause } from '../../src/domain/verdict';
import { EXIT, exitStatusOf } from '../../src/cli/exit-status';

const verdict = (result: GateVerdict['result'], ...causes: ReasonCause[]): Pick<GateVerdict, 'result' | 'reasons'> => ({
  result,
  reasons: causes.map((cause) => ({ text: cause, cause })),
});

describe('the exit status, a function of the verdict alone', () => {
  it('is 0 when the gate passed', () => {
    expect(exitStatusOf(verdict('passed'))).toBe(EXIT.passed);
  });

  it.each<ReasonCause>(['findings', 'score', 'incomplete', 'posting'])('is 1 when a reason is about the code (%s)', (cause) => {
    expect(exitStatusOf(verdict('failed', cause))).toBe(EXIT.failed);
    expect(exitStatusOf(verdict('failed', 'could-not-run', cause))).toBe(EXIT.failed);
  });

  it('is 3 when every reason says the run could not judge the code', () => {
    expect(exitStatusOf(verdict('failed', 'could-not-run'))).toBe(EXIT.couldNotRun);
    expect(exitStatusOf(verdict('failed', 'could-not-run', 'could-not-run'))).toBe(EXIT.couldNotRun);
  });

  it('does not block on neutral, unless the service could not run', () => {
    expect(exitStatusOf(verdict('neutral', 'incomplete'))).toBe(EXIT.passed);
    expect(exitStatusOf(verdict('neutral', 'could-not-run'))).toBe(EXIT.couldNotRun);
  });
});
