import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { extractFingerprints, fingerprintMarker } from '../../src/domain/markers';
import { finding } from '../support/findings';

describe('findingFingerprint', () => {
  it('is 32 lowercase hex digits that the marker round-trips', () => {
    const fp = findingFingerprint(finding());
    expect(fp).toMatch(/^[0-9a-f]{32}$/);
    expect(extractFingerprints(fingerprintMarker(fp))).toEqual([fp]);
  });

  it('stays the same when a push moves the finding from line 10 to line 14', () => {
    expect(findingFingerprint(finding({ line: 14 }))).toBe(findingFingerprint(finding({ line: 10 })));
  });

  it('stays the same when the message quotes the moved line number', () => {
    const before = finding({ line: 10, message: 'Unused variable on line 10' });
    const after = finding({ line: 14, message: 'Unused variable on line 14' });
    expect(findingFingerprint(after)).toBe(findingFingerprint(before));
  });

  it('stays the same when the line is re-indented or the message re-wrapped', () => {
    const a = finding({ lineText: 'list = [1, 2]', message: 'Variable  shadows\na builtin ' });
    expect(findingFingerprint(a)).toBe(findingFingerprint(finding()));
  });

  it('changes when the content of the line changes', () => {
    expect(findingFingerprint(finding({ lineText: '    list = [1, 2, 3]' }))).not.toBe(findingFingerprint(finding()));
  });

  it('changes with the path or the message', () => {
    const base = findingFingerprint(finding());
    expect(findingFingerprint(finding({ path: 'src/other.py' }))).not.toBe(base);
    expect(findingFingerprint(finding({ message: 'Another problem' }))).not.toBe(base);
  });

  it('ignores severity and suggestion, which vary between runs for the same issue', () => {
    const base = findingFingerprint(finding());
    expect(findingFingerprint(finding({ severity: 'error', suggestion: 'items = [1, 2]' }))).toBe(base);
  });

  it('cannot be collided by moving text between fields', () => {
    const a = findingFingerprint({ path: 'a', message: 'b c', lineText: '' });
    const b = findingFingerprint({ path: 'a b', message: 'c', lineText: '' });
    expect(a).not.toBe(b);
  });
});
