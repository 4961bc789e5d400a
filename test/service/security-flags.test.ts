/** Reading `security_flags` whatever the shape of each element: nothing dropped, fail closed. */
import { describe, expect, it } from 'vitest';
import { parseSecurityFlag, parseSecurityFlags, readCwe } from '../../src/service/security-flags';

describe('parseSecurityFlag', () => {
  it('takes a string as the text of an error without a line', () => {
    expect(parseSecurityFlag('Possible SQL injection')).toEqual({ severity: 'error', line: null, message: 'Possible SQL injection', suggestion: '' });
  });

  it('reads the documented keys of an object', () => {
    const flag = { line: 12, severity: 'warning', message: 'Weak hash', type: 'weak-crypto', cwe: 'CWE-327', suggestion: 'Use bcrypt.' };
    expect(parseSecurityFlag(flag)).toEqual({ severity: 'warning', line: 12, message: 'Weak hash', suggestion: 'Use bcrypt.', kind: 'weak-crypto', cwe: 327 });
  });

  it('takes the text from message, description, title and detail, each distinct one once, in that order', () => {
    expect(parseSecurityFlag({ description: 'd' }).message).toBe('d');
    expect(parseSecurityFlag({ title: 't' }).message).toBe('t');
    expect(parseSecurityFlag({ detail: 'x' }).message).toBe('x');
    expect(parseSecurityFlag({ detail: 'x', title: 't', message: 'm', description: 'm' }).message).toBe('m — t — x');
  });

  it('takes the kind from type, rule, id or category, the first given', () => {
    expect(parseSecurityFlag({ message: 'm', category: 'c', rule: 'r' }).kind).toBe('r');
    expect(parseSecurityFlag({ message: 'm', id: 42 }).kind).toBe('42');
    expect(parseSecurityFlag({ message: 'm', type: '  ' })).not.toHaveProperty('kind');
  });

  it('shows an object without any text key as its compact JSON, never dropping it', () => {
    expect(parseSecurityFlag({ line: 4, where: ['a', 'b'], score: 0.7 })).toEqual({
      severity: 'error',
      line: 4,
      message: '{"line":4,"where":["a","b"],"score":0.7}',
      suggestion: '',
    });
    // A text key that holds no text is no text.
    expect(parseSecurityFlag({ message: 7 }).message).toBe('{"message":7}');
  });

  it('shows any other value as its JSON: numbers, lists, null, a blank string', () => {
    expect(parseSecurityFlags([3, ['x'], null, true, ' ']).map((f) => f.message)).toEqual(['3', '["x"]', 'null', 'true', '" "']);
  });

  it('counts a missing severity as error with nothing odd to show, and an unknown one as error shown as received', () => {
    expect(parseSecurityFlag({ message: 'm' })).toMatchObject({ severity: 'error' });
    expect(parseSecurityFlag({ message: 'm' })).not.toHaveProperty('reportedSeverity');
    expect(parseSecurityFlag({ message: 'm', severity: 'high' })).toMatchObject({ severity: 'error', reportedSeverity: 'high' });
    expect(parseSecurityFlag({ message: 'm', severity: 2 })).toMatchObject({ severity: 'error', reportedSeverity: '2' });
    expect(parseSecurityFlag({ message: 'm', severity: ' INFO ' })).toEqual({ severity: 'info', line: null, message: 'm', suggestion: '' });
  });

  it('reads the line as an issue line is read: numbers as sent, anything else kept to show', () => {
    expect(parseSecurityFlag({ message: 'm', line: 0 }).line).toBe(0);
    expect(parseSecurityFlag({ message: 'm', line: 2.5 }).line).toBe(2.5);
    expect(parseSecurityFlag({ message: 'm', line: '7' })).toMatchObject({ line: null, reportedLine: '"7"' });
  });

  it('keeps a very long text to a bound', () => {
    expect(parseSecurityFlag('x'.repeat(20_000)).message).toHaveLength(10_000);
  });
});

describe('readCwe', () => {
  it.each([
    ['CWE-89', 89],
    ['cwe_79', 79],
    [' 22 ', 22],
    [798, 798],
    [['see', 'CWE-502'], 502],
  ])('reads %j as CWE-%i', (value, cwe) => {
    expect(readCwe(value)).toBe(cwe);
  });

  it.each([['CWE-'], ['sql'], [0], [-4], [1.5], [null], [{ id: 89 }]])('reads %j as no CWE', (value) => {
    expect(readCwe(value)).toBeUndefined();
  });
});
