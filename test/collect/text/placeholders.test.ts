import { describe, expect, it } from 'vitest';
import { readPlaceholder } from '../../../src/collect/text/placeholders';

const OID = '4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393';
const read = (text: string) => readPlaceholder(Buffer.from(text));

describe('readPlaceholder: Git LFS pointers as git-lfs reads them', () => {
  it.each([
    ['the spec\'s pointer', `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 12345\n`],
    ['the pre-release version URL', `version https://hawser.github.com/spec/v1\noid sha256:${OID}\nsize 12345\n`],
    ['the alpha version URL', `version http://git-media.io/v/2\noid sha256:${OID}\nsize 12345\n`],
    ['CRLF line ends', `version https://git-lfs.github.com/spec/v1\r\noid sha256:${OID}\r\nsize 12345\r\n`],
    ['blank lines and space around it', `\n\n  version https://git-lfs.github.com/spec/v1\n\noid sha256:${OID}\nsize 12345\n\n`],
    ['Unicode space before it (Go trims U+00A0 and U+0085)', `\u00a0\u0085version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 12345\n`],
    ['an upper-case oid, as older git-lfs took', `version https://git-lfs.github.com/spec/v1\noid sha256:${OID.toUpperCase()}\nsize 12345\n`],
    ['a line after size (git-lfs may decide on fewer bytes than it reads)', `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 12345\nimport os\n`],
    ['padding past git-lfs\'s 1,024 bytes, then code', `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 12345\n${' '.repeat(1100)}eval(x)\n`],
  ])('finds %s', (_case, text) => {
    expect(read(text)).toEqual({ kind: 'lfs', oid: OID, size: 12345, extensions: false });
  });

  it('finds a pointer with LFS extensions, before or after its version line, and says so', () => {
    const ext = `ext-0-foo sha256:${'a'.repeat(64)}`;
    expect(read(`version https://git-lfs.github.com/spec/v1\n${ext}\noid sha256:${OID}\nsize 1\n`)).toMatchObject({ kind: 'lfs', extensions: true });
    expect(read(`${ext}\nversion https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 1\n`)).toMatchObject({ kind: 'lfs', extensions: true });
  });

  it.each([
    ['code', 'import os\nprint(os.name)\n'],
    ['another version URL', `version https://example.com/spec/v1\noid sha256:${OID}\nsize 1\n`],
    ['keys out of order', `version https://git-lfs.github.com/spec/v1\nsize 1\noid sha256:${OID}\n`],
    ['a short oid', `version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 1\n`],
    ['another hash', `version https://git-lfs.github.com/spec/v1\noid sha1:${'a'.repeat(40)}\nsize 1\n`],
    ['no size', `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\n`],
    ['a pointer past the first 1,024 bytes', `${'#'.repeat(1100)}\nversion https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize 1\n`],
  ])('takes %s for content of its own', (_case, text) => {
    expect(read(text)).toBeUndefined();
  });
});

describe('readPlaceholder: git-annex and git-fat', () => {
  it('finds an unlocked git-annex file\'s pointer by the key its first line names', () => {
    expect(read(`/annex/objects/SHA256E-s62--${OID}.py\n`)).toEqual({ kind: 'annex', key: `SHA256E-s62--${OID}.py` });
  });

  it('takes a first line that only mentions annex objects for content', () => {
    expect(read('# see /annex/objects/ for how we store data\nx = 1\n')).toBeUndefined();
  });

  it('finds a git-fat placeholder', () => {
    expect(read(`#$# git-fat ${'b'.repeat(40)}                 1234\n`)).toEqual({ kind: 'git-fat', sha: 'b'.repeat(40) });
  });
});
