import { describe, expect, it } from 'vitest';
import { isObjectName, shortSha } from '../../src/domain/object-name';

describe('isObjectName', () => {
  it('takes a SHA-1 (40 hex digits) or a SHA-256 (64) name, as git writes them', () => {
    expect(isObjectName('0a1b2c3d4e5f60718293a4b5c6d7e8f901234567')).toBe(true);
    expect(isObjectName('f'.repeat(64))).toBe(true);
  });

  it.each([
    ['39 digits', 'a'.repeat(39)],
    ['41 digits', 'a'.repeat(41)],
    ['50 digits', 'a'.repeat(50)],
    ['63 digits', 'a'.repeat(63)],
    ['65 digits', 'a'.repeat(65)],
    ['upper case', 'A'.repeat(40)],
    ['a name with a line after it', `${'a'.repeat(40)}\nx`],
    ['a branch name', 'main'],
    ['nothing', ''],
  ])('refuses %s', (_case, value) => {
    expect(isObjectName(value)).toBe(false);
  });
});

describe('shortSha', () => {
  it('keeps the first 12 characters, as GitHub shows a commit', () => {
    expect(shortSha('0a1b2c3d4e5f60718293a4b5c6d7e8f901234567')).toBe('0a1b2c3d4e5f');
  });
});
