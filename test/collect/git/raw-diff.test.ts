import { describe, expect, it } from 'vitest';
import { parseRawDiff, sameBlob } from '../../../src/collect/git/raw-diff';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const ZERO = '0'.repeat(40);

describe('parseRawDiff', () => {
  it('reads every status, a rename with both names, and names with spaces and tabs as they are', () => {
    const listing = [
      `:000000 100644 ${ZERO} ${A} A`, 'src/new file.py',
      `:100644 100644 ${A} ${B} M`, 'src/a\tb.ts',
      `:100644 000000 ${A} ${ZERO} D`, 'gone.js',
      `:100644 100644 ${A} ${B} R087`, 'old/name.go', 'new/name.go',
      `:100644 100644 ${A} ${B} C100`, 'orig.rs', 'copy.rs',
      `:120000 100644 ${A} ${B} T`, 'link.py',
      `:160000 160000 ${A} ${B} M`, 'vendor/sub',
      '',
    ].join('\0');
    expect(parseRawDiff(listing)).toEqual([
      { status: 'added', path: 'src/new file.py', oldMode: '000000', newMode: '100644', oldSha: ZERO, newSha: A },
      { status: 'modified', path: 'src/a\tb.ts', oldMode: '100644', newMode: '100644', oldSha: A, newSha: B },
      { status: 'removed', path: 'gone.js', oldMode: '100644', newMode: '000000', oldSha: A, newSha: ZERO },
      { status: 'renamed', previousPath: 'old/name.go', path: 'new/name.go', oldMode: '100644', newMode: '100644', oldSha: A, newSha: B },
      { status: 'copied', previousPath: 'orig.rs', path: 'copy.rs', oldMode: '100644', newMode: '100644', oldSha: A, newSha: B },
      { status: 'changed', path: 'link.py', oldMode: '120000', newMode: '100644', oldSha: A, newSha: B },
      { status: 'modified', path: 'vendor/sub', oldMode: '160000', newMode: '160000', oldSha: A, newSha: B },
    ]);
  });

  it('reads a status letter it does not know as a modification, so the file is still reviewed', () => {
    expect(parseRawDiff(`:100644 100644 ${A} ${B} X\0app.py\0`)).toEqual([{ status: 'modified', path: 'app.py', oldMode: '100644', newMode: '100644', oldSha: A, newSha: B }]);
  });

  it('reads an empty listing as no files', () => {
    expect(parseRawDiff('')).toEqual([]);
  });
});

describe('sameBlob', () => {
  it('proves a pure rename or a mode change unchanged: the same blob on both sides', () => {
    const [rename, mode] = parseRawDiff([`:100644 100644 ${A} ${A} R100`, 'old.py', 'new.py', `:100644 100755 ${A} ${A} M`, 'run.py', ''].join('\0'));
    expect([sameBlob(rename!), sameBlob(mode!)]).toEqual([true, true]);
  });

  it('proves nothing for another blob, an all-zeros side (added, removed, not hashed in the working tree) or a copy', () => {
    const entries = parseRawDiff(
      [
        `:100644 100644 ${A} ${B} R090`, 'old.py', 'new.py',
        `:100644 100644 ${A} ${ZERO} M`, 'edited.py',
        `:000000 000000 ${ZERO} ${ZERO} A`, 'empty.py',
        `:100644 100644 ${A} ${A} C100`, 'orig.py', 'copy.py',
        '',
      ].join('\0'),
    );
    expect(entries.map(sameBlob)).toEqual([false, false, false, false]);
  });

  it('proves nothing for a file that changes kind: a link whose target reads like code and a file of that text share a blob', () => {
    const entries = parseRawDiff([`:120000 100644 ${A} ${A} T`, 'run.py', `:100644 120000 ${A} ${A} T`, 'conf.py', ''].join('\0'));
    expect(entries.map(sameBlob)).toEqual([false, false]);
  });
});
