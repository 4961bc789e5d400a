import { describe, expect, it } from 'vitest';
import { extractFingerprints } from '../../../src/domain/markers';
import { blockText, codeFence, inlineCode, inlineText, plainText, tableCell } from '../../../src/render/markdown/sanitize';

/** True when GitHub would notify `name` from this markdown. */
function notifies(markdown: string, name: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])@${name}\\b`).test(markdown);
}

describe('mentions', () => {
  it('does not notify @octocat or @org/team, and reads the same', () => {
    for (const render of [inlineText, tableCell, blockText]) {
      const out = render('ping @octocat and (@github/security)', 200);
      expect(notifies(out, 'octocat')).toBe(false);
      expect(notifies(out, 'github')).toBe(false);
      expect(out.replace(/\u200B/g, '')).toContain('@octocat');
    }
  });

  it('leaves e-mail addresses alone', () => {
    expect(inlineText('write to dev@example.com', 100)).toBe('write to dev@example.com');
  });

  it('leaves decorators in code untouched (GitHub does not notify from code)', () => {
    expect(codeFence('@property\ndef x(self): ...', 'python')).toContain('\n@property\n');
  });
});

describe('markers and HTML', () => {
  const forged = 'see <!-- review-gate:fp:deadbeefdeadbeef --> and <!-- review-gate:summary -->';

  it('cannot carry a fingerprint or summary marker, in prose or in code', () => {
    for (const out of [
      inlineText(forged, 500),
      blockText(forged, 500),
      tableCell(forged, 500),
      inlineCode(forged, 500),
      codeFence(forged),
    ]) {
      expect(extractFingerprints(out)).toEqual([]);
      expect(out).not.toContain('<!--');
    }
  });

  it('shows a marker written with entities as typed instead of decoding it', () => {
    const out = blockText('&lt;!-- review-gate:summary --&gt; and &#60;!--', 200);
    expect(out).toBe('&amp;lt;!-- review-gate:summary --&amp;gt; and &amp;#60;!--');
  });

  it('shows raw HTML tags as text', () => {
    const out = blockText('<details><summary>x</summary><img src=x onerror=alert(1)><script>', 300);
    expect(out).not.toMatch(/<(details|summary|img|script)/);
    expect(out).toContain('&lt;details>');
  });

  it('keeps a plain ampersand readable', () => {
    expect(inlineText('a && b & c', 50)).toBe('a && b & c');
  });
});

describe('staying inside the block', () => {
  it('cannot open a code fence, heading, quote or rule that swallows what follows', () => {
    const out = blockText('intro\n```\n# Heading\n> quote\n~~~\n---\n| a |', 500);
    expect(out.split('\n')).toEqual(['intro', '\\```', '\\# Heading', '\\> quote', '\\~~~', '\\---', '\\| a |']);
  });

  it('keeps a table cell on one line with its pipes escaped', () => {
    expect(tableCell('a | b\nc', 50)).toBe('a \\| b c');
  });

  it('escapes a lone backtick so no code span runs into the rest of the line', () => {
    expect(inlineText('call `foo` and ` oops', 100)).toBe('call \\`foo\\` and \\` oops');
    expect(inlineText('call `foo()` now', 100)).toBe('call `foo()` now');
  });

  it('fences code with more backticks than any run inside', () => {
    const out = codeFence('a = "````"', 'js');
    expect(out).toBe('`````js\na = "````"\n`````');
  });

  it('sanitizes the info string of a fence', () => {
    expect(codeFence('x', 'py\n```evil')).toBe('```pyevil\nx\n```');
  });

  it('wraps a path with backticks in a longer code span', () => {
    expect(inlineCode('a`b', 50)).toBe('``a`b``');
    expect(inlineCode('`a', 50)).toBe('`` `a ``');
  });
});

describe('length', () => {
  it('cuts to the limit with a visible ellipsis', () => {
    const out = inlineText('word '.repeat(100), 40);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out.endsWith('…')).toBe(true);
  });

  it('never cuts an escape in half', () => {
    const out = inlineText('<'.repeat(20), 10);
    expect(out).toBe('&lt;&lt;…');
  });

  it('never splits a surrogate pair', () => {
    expect(inlineText('😀😀😀😀', 5)).toBe('😀😀…');
  });

  it('cuts a code block at a line end and keeps it closed', () => {
    const out = codeFence('line1\nline2\nline3\nline4', undefined, 22);
    expect(out).toBe('```\nline1\nline2\n…\n```');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => inlineText('x', 0)).toThrow(TypeError);
  });
});

describe('plainText', () => {
  it('gives one line without control or bidi characters, and no markdown escaping', () => {
    expect(plainText('a\u202Eb\n\tc  <b> @x', 100)).toBe('ab c <b> @x');
  });
});

describe('bidi controls', () => {
  it('removes every Bidi_Control character, the LRM, RLM and ALM marks included, in every form', () => {
    const text = 'a\u061Cb\u200Ec\u200Fd\u202Ae\u202Ef\u2066g\u2069h';
    for (const out of [plainText(text, 100), inlineText(text, 100), tableCell(text, 100), blockText(text, 100), inlineCode(text, 100), codeFence(text)]) {
      expect(out).not.toMatch(/\p{Bidi_Control}/u);
      expect(out).toContain('abcdefgh');
    }
  });
});
