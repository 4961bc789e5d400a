import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withFields } from '../../src/domain/with-fields';

describe('withFields', () => {
  it('gives what a spread gives: the fields of the value, those given set over them, the value left as it was', () => {
    const value = { path: 'a.py', line: 3, counts: true };
    const copy = withFields(value, { counts: false, below: 'error' });
    expect(copy).toEqual({ ...value, counts: false, below: 'error' });
    expect(Object.keys(copy)).toEqual(Object.keys({ ...value, counts: false, below: 'error' }));
    expect(value).toEqual({ path: 'a.py', line: 3, counts: true });
  });

  it('gives the copies of objects alike one hidden class, once the code making them is optimized', () => {
    // V8's own check of hidden classes needs --allow-natives-syntax: a Node process of its own.
    const script = `
      const withFields = ${withFields.toString()};
      const copies = [];
      for (let i = 0; i < 5000; i++) {
        const finding = { source: 'issue', path: 'p' + i, line: i, severity: 'info', fingerprint: 'f' + i, counts: true };
        copies.push(withFields(finding, { below: 'error' }));
      }
      console.log(copies.filter((c) => !%HaveSameMap(c, copies[0])).length);
    `;
    expect(execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' }).trim()).toBe('0');
  });
});
