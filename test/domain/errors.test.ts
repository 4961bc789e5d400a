import { describe, expect, it } from 'vitest';
import { EventError } from '../../src/config/event-error';
import { PolicyError } from '../../src/config/policy/policy-error';
import { SettingsError } from '../../src/config/settings';
import { ExplainedError, StopError, describeError } from '../../src/domain/errors';
import { HeadMovedError, PullRequestNotFoundError } from '../../src/github/pull-head';
import { stopMessage } from '../../src/action/stopped';
import { ServiceError } from '../../src/service/errors';

describe('one error family the user reads', () => {
  it('puts the refusals of what the run was given in it, each a stop that says it all', () => {
    const stops: Error[] = [
      new EventError('The event names no pull request.'),
      new PullRequestNotFoundError({ owner: 'o', repo: 'r', number: 7 }),
      new HeadMovedError('a'.repeat(40), 'b'.repeat(40)),
      new SettingsError(['Input min-score must be a number from 0 to 100, got "x".']),
    ];
    for (const error of stops) {
      expect(error).toBeInstanceOf(StopError);
      expect(error).toBeInstanceOf(ExplainedError);
      expect(describeError(error)).toBe(error.message);
      expect(stopMessage(error)).toBe(error.message);
    }
    expect(PolicyError.prototype).toBeInstanceOf(StopError);
  });

  it('names the class of anything else, and says the run could not complete', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'line')");
    expect(describeError(bug)).toBe("TypeError: Cannot read properties of undefined (reading 'line')");
    expect(stopMessage(bug)).toBe("review-gate could not complete: TypeError: Cannot read properties of undefined (reading 'line')");
  });

  it('shows an explained error that is not a stop, such as the service\'s, without its class and after "could not complete"', () => {
    const error = new ServiceError('The service is overloaded (503 overloaded): try later.', 'overloaded', { status: 503 });
    expect(describeError(error)).not.toMatch(/^ServiceError/);
    expect(stopMessage(error)).toBe(`review-gate could not complete: ${error.message}`);
  });

  it('has no class to name for a plain Error, such as a system error', () => {
    expect(describeError(Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT' }))).toBe("ENOENT: no such file or directory, open 'x'");
    expect(describeError('text thrown')).toBe('text thrown');
  });
});
