import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../src/service/retry-after';

const NOW = Date.parse('2026-10-21T07:28:00Z');

describe('retryAfterSeconds', () => {
  it('reads a number of seconds', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP-date in each of its three forms as the seconds until it, rounded up', () => {
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:30 GMT', NOW)).toBe(30);
    expect(retryAfterSeconds('Wednesday, 21-Oct-26 07:29:00 GMT', NOW)).toBe(60);
    expect(retryAfterSeconds('Wed Oct 21 07:28:05 2026', NOW)).toBe(5);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:30 GMT', NOW + 500)).toBe(30);
  });

  it('asks for no wait when the date is already past', () => {
    expect(retryAfterSeconds('Tue, 20 Oct 2026 07:28:00 GMT', NOW)).toBe(0);
  });

  it('reads nothing from a value in neither form, or none', () => {
    for (const value of ['5.5', '-1', 'soon', '2026-10-21T07:28:30Z', 'Wed, 21 Oct 2026 07:28:30 CET', '', undefined]) {
      expect(retryAfterSeconds(value, NOW)).toBeUndefined();
    }
  });
});
