import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/safety/loopback';

describe('isLoopbackHost', () => {
  it('knows loopback hosts as URL normalizes them', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.0.1', '[::1]', '[::ffff:7f00:1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['localhost.example.com', '128.0.0.1', '1.127.0.0', '[::2]', '0.0.0.0', '[::ffff:a00:1]']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
    expect(new URL('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
});
