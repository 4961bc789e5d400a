import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BINARY_SIGNATURES, decodeSource, firstInvalidUtf8 } from '../../../src/collect/text/decode';
import { pythonCoding } from '../../../src/collect/text/python-coding';

const utf16le = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string): Buffer => {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le.swap16())]);
};
const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('decodeSource: text it reviews', () => {
  it('decodes UTF-8 as is', () => {
    expect(decodeSource(Buffer.from('const s = "héllo ✓";\n'), 'javascript')).toEqual({
      kind: 'text',
      text: 'const s = "héllo ✓";\n',
      encoding: 'UTF-8',
    });
  });

  it('drops a UTF-8 byte-order mark and keeps every line where it was', () => {
    const decoded = decodeSource(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a = 1\nb = eval(x)\n')]), 'python');
    expect(decoded).toEqual({ kind: 'text', text: 'a = 1\nb = eval(x)\n', encoding: 'UTF-8' });
  });

  it('decodes UTF-16 LE and BE with a byte-order mark, without the mark', () => {
    const source = 'const a: any = 1;\r\nconsole.log(a);\n';
    expect(decodeSource(utf16le(source), 'typescript')).toEqual({ kind: 'text', text: source, encoding: 'UTF-16 LE' });
    expect(decodeSource(utf16be(source), 'typescript')).toEqual({ kind: 'text', text: source, encoding: 'UTF-16 BE' });
  });

  it('reviews a JavaScript file with a NUL byte in a comment: Node runs it, so it is code', () => {
    const source = 'const x = 1; // \0 hidden from git diff\neval(x);\n';
    expect(decodeSource(Buffer.from(source), 'javascript')).toMatchObject({ kind: 'text', text: source });
  });

  it('reviews valid UTF-8 however many control bytes a comment is padded with', () => {
    const padded = `eval(atob(p)); /*${'\0\x01\x02\x7f'.repeat(2000)}*/\n`;
    expect(decodeSource(Buffer.from(padded), 'javascript')).toMatchObject({ kind: 'text', text: padded });
  });

  it.each([
    ['# -*- coding: latin-1 -*-', 'latin-1'],
    ['# vim: set fileencoding=iso-8859-1 :', 'iso-8859-1'],
    ['#coding=latin_1', 'latin_1'],
    ['# coding: ISO-8859-1', 'ISO-8859-1'],
  ])('decodes a Python file declaring %s as exact ISO-8859-1', (line, declared) => {
    expect(pythonCoding(latin1(`${line}\nname = "café"\n`))).toBe(declared);
    const decoded = decodeSource(latin1(`${line}\nname = "café \x80"\n`), 'python');
    expect(decoded).toEqual({ kind: 'text', text: `${line}\nname = "café \u0080"\n`, encoding: 'ISO-8859-1' });
  });

  it('takes the declaration on the second line after a shebang or a blank line', () => {
    for (const first of ['#!/usr/bin/env python3', '', '   ']) {
      const decoded = decodeSource(latin1(`${first}\n# coding: latin-1\ns = "é"\n`), 'python');
      expect(decoded).toMatchObject({ kind: 'text', text: `${first}\n# coding: latin-1\ns = "é"\n` });
    }
  });

  it('decodes cp1252 and other codings TextDecoder knows, by their Python names', () => {
    expect(decodeSource(latin1('# coding: cp1252\nprice = "\x80 5"\n'), 'python')).toMatchObject({ kind: 'text', text: '# coding: cp1252\nprice = "€ 5"\n' });
    expect(decodeSource(latin1('# coding: iso-8859-15\nprice = "\xa4 5"\n'), 'python')).toMatchObject({ kind: 'text', text: '# coding: iso-8859-15\nprice = "€ 5"\n' });
    expect(decodeSource(Buffer.from('# coding: utf_8\ns = "é"\n'), 'python')).toMatchObject({ kind: 'text', encoding: 'UTF-8' });
    expect(decodeSource(Buffer.from('# -*- coding: utf-8-sig -*-\ns = 1\n'), 'python')).toMatchObject({ kind: 'text' });
  });

  it('accepts a UTF-8 byte-order mark with a utf-8 declaration', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# coding: utf-8\ns = "é"\n')]);
    expect(decodeSource(bytes, 'python')).toMatchObject({ kind: 'text', text: '# coding: utf-8\ns = "é"\n' });
  });
});

describe('decodeSource: supported files it could not decode (not reviewed, never skipped)', () => {
  it('names the first byte that is not UTF-8 and its line, for a .js with one Latin-1 byte', () => {
    expect(decodeSource(latin1('const a = 1;\n// caf\xe9\neval(a);\n'), 'javascript')).toEqual({
      kind: 'undecodable',
      detail: 'invalid UTF-8 byte 0xE9 on line 2',
      hint: 'save it as UTF-8',
    });
  });

  it('tells a Python author about PEP 263 when no coding is declared', () => {
    expect(decodeSource(latin1('s = "caf\xe9"\n'), 'python')).toMatchObject({
      kind: 'undecodable',
      hint: 'save it as UTF-8 or declare its coding (PEP 263)',
    });
  });

  it('ignores a coding comment in a language other than Python', () => {
    expect(decodeSource(latin1('// coding: latin-1\nconst s = "caf\xe9";\n'), 'javascript')).toMatchObject({ kind: 'undecodable' });
  });

  it('ignores a declaration on the second line when the first line is code, as Python does', () => {
    expect(decodeSource(latin1('import os\n# coding: latin-1\ns = "\xe9"\n'), 'python')).toMatchObject({ kind: 'undecodable' });
  });

  it('refuses an unknown declared coding by name', () => {
    expect(decodeSource(Buffer.from('# coding: klingon\nx = 1\n'), 'python')).toMatchObject({
      kind: 'undecodable',
      detail: "the declared coding 'klingon' is unknown to review-gate",
    });
  });

  it('refuses bytes the declared coding does not allow', () => {
    expect(decodeSource(latin1('# coding: ascii\ns = "\xe9"\n'), 'python')).toMatchObject({
      kind: 'undecodable',
      detail: "bytes invalid in the declared coding 'ascii'",
    });
    // 0x81 has no character in cp1252: Python refuses the file.
    expect(decodeSource(latin1('# coding: cp1252\ns = "\x81"\n'), 'python')).toMatchObject({
      kind: 'undecodable',
      detail: "bytes invalid in the declared coding 'cp1252'",
    });
    expect(decodeSource(latin1('# coding: utf-8\ns = "\xe9"\n'), 'python')).toMatchObject({
      kind: 'undecodable',
      detail: "bytes invalid in the declared coding 'utf-8'",
    });
  });

  it('refuses a UTF-8 byte-order mark with another declared coding, as Python does', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# coding: latin-1\nx = 1\n')]);
    expect(decodeSource(bytes, 'python')).toMatchObject({ kind: 'undecodable', detail: "a UTF-8 byte-order mark but the declared coding 'latin-1'" });
  });

  it('refuses UTF-16 that breaks after its byte-order mark', () => {
    expect(decodeSource(Buffer.concat([utf16le('ok'), Buffer.from([0x41])]), 'typescript')).toMatchObject({ kind: 'undecodable', detail: 'invalid UTF-16 LE' });
    // A lone high surrogate.
    expect(decodeSource(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]), 'typescript')).toMatchObject({ kind: 'undecodable' });
  });

  it('says when a file looks like UTF-16 without a byte-order mark', () => {
    expect(decodeSource(Buffer.from('const a = 1;\n', 'utf16le'), 'typescript')).toMatchObject({
      kind: 'undecodable',
      detail: 'looks like UTF-16 without a byte-order mark',
    });
  });

  it('refuses UTF-32 rather than reading it as UTF-16', () => {
    const utf32le = Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]);
    expect(decodeSource(utf32le, 'python')).toMatchObject({ kind: 'undecodable', detail: 'UTF-32 text, which the review service does not take' });
  });

  it('never calls padded source binary: control and invalid bytes in a comment make it undecodable', () => {
    const padded = Buffer.concat([Buffer.from('eval(atob(p)); /*'), Buffer.alloc(6000, 0xff), Buffer.alloc(6000, 0), Buffer.from('*/\n')]);
    expect(decodeSource(padded, 'javascript').kind).toBe('undecodable');
  });
});

describe('decodeSource: binary files it skips', () => {
  it.each([
    ['PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]],
    ['JPEG image', [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]],
    ['ZIP archive', [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]],
    ['gzip archive', [0x1f, 0x8b, 0x08, 0x00]],
    ['ELF executable', [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]],
    ['WebAssembly module', [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00]],
    ['PDF document', [...Buffer.from('%PDF-1.7\n')]],
  ])('recognizes a %s by its signature', (format, bytes) => {
    expect(decodeSource(Buffer.from(bytes), 'javascript')).toEqual({ kind: 'binary', format });
  });

  it('never skips a binary .py: Python runs a ZIP archive, found by its end record, whatever the start says', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    const pngWithZipAtTheEnd = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('PK\x05\x06')]);
    for (const bytes of [zip, pngWithZipAtTheEnd]) {
      expect(decodeSource(bytes, 'python')).toMatchObject({ kind: 'undecodable', detail: expect.stringContaining('which Python runs as a program') });
    }
    expect(decodeSource(zip, 'javascript')).toEqual({ kind: 'binary', format: 'ZIP archive' });
  });

  it('recognizes a .ts video segment (MPEG transport stream) by its packets', () => {
    const packet = (first: boolean): Buffer => {
      const p = Buffer.alloc(188, 0xff);
      p.set(first ? [0x47, 0x40, 0x00, 0x10] : [0x47, 0x01, 0x00, 0x10]);
      return p;
    };
    const stream = Buffer.concat([packet(true), ...Array.from({ length: 20 }, () => packet(false))]);
    expect(decodeSource(stream, 'typescript')).toEqual({ kind: 'binary', format: 'MPEG transport stream video' });
    // One packet boundary without the sync byte: not a transport stream, and not text either.
    stream[188 * 5] = 0x20;
    expect(decodeSource(stream, 'typescript').kind).toBe('undecodable');
  });

  it('only uses signatures no JavaScript file can start with, so none can hide runnable code', () => {
    const continuations = [';eval(x)//', '\n;eval(x)//', '=1;eval(x)//', '`;eval(x)//'];
    const signatures = [...BINARY_SIGNATURES.map((s) => s.bytes), [0x47, 0x40, 0x00]];
    for (const signature of signatures) {
      for (const rest of continuations) {
        // Node reads source as UTF-8 with replacement characters: parse it the same way.
        const code = Buffer.concat([Buffer.from(signature), Buffer.from(rest)]).toString('utf8');
        expect(() => new Script(code), JSON.stringify(code)).toThrow(SyntaxError);
      }
    }
  });
});

describe('firstInvalidUtf8', () => {
  it.each([
    ['valid text', Buffer.from('aé✓😀'), undefined],
    ['a lone continuation byte', Buffer.from([0x61, 0x80]), 1],
    ['an overlong NUL', Buffer.from([0x61, 0xc0, 0x80]), 1],
    ['a surrogate', Buffer.from([0xed, 0xa0, 0x80]), 0],
    ['a code point past U+10FFFF', Buffer.from([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a sequence cut at the end', Buffer.from([0x61, 0x62, 0xe2, 0x9c]), 2],
    ['an overlong three-byte form', Buffer.from([0xe0, 0x80, 0x80]), 0],
  ])('finds %s', (_name, bytes, offset) => {
    expect(firstInvalidUtf8(bytes)).toBe(offset);
    // It agrees with the strict decoder on whether the bytes are UTF-8.
    const valid = (() => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
    })();
    expect(valid).toBe(offset === undefined);
  });
});
