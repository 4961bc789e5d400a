import { describe, expect, it } from 'vitest';
import { GAP_CHARACTER } from '../../src/safety/redact';

describe('what may stand between two characters of a secret', () => {
  it('is exactly the white space and the invisible characters of Unicode, written out as ranges', () => {
    const byProperty = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
    const writtenOut = new RegExp(`^${GAP_CHARACTER}$`, 'u');
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      if (byProperty.test(char) !== writtenOut.test(char)) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });
});
