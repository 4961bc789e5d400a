/**
 * Hidden text found in the file itself, in each language: what hides code from people is an error
 * naming each character by code point; joiners that a script or an emoji needs are left alone in
 * comments and strings; identifiers mixing Latin with look-alike letters are a warning.
 */
import { describe, expect, it } from 'vitest';
import { findHiddenText } from '../../src/locate/hidden-text';
import { labelFindings } from '../../src/locate/label';
import { parsePatch } from '../../src/locate/parse-patch';
import type { ReviewLanguage } from '../../src/domain/vocabulary';

describe('hidden text', () => {
  it.each<[string, ReviewLanguage, string, Array<[number, string, string]>]>([
    ['a bidi override in a Python comment (Trojan Source)', 'python', 'x = 1\nif admin:  # \u202E } \u2066 begin admin only\n    go()\n', [[2, 'error', 'U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE']]],
    ['a zero-width space in a JavaScript string', 'javascript', 'const role = "admin\u200B";\n', [[1, 'error', 'U+200B ZERO WIDTH SPACE']]],
    ['a byte-order mark other than a leading one, a word joiner and a Mongolian vowel separator in Go', 'go', '\uFEFFpackage main\nvar a\u2060b = 1 // \uFEFF\nvar c = "\u180E"\n', [[2, 'error', 'U+2060 WORD JOINER, U+FEFF ZERO WIDTH NO-BREAK SPACE'], [3, 'error', 'U+180E MONGOLIAN VOWEL SEPARATOR']]],
    ['a joiner in a Rust identifier, between ASCII letters', 'rust', 'let is_\u200Dadmin = false;\n', [[1, 'error', 'U+200D ZERO WIDTH JOINER']]],
    ['a non-joiner Persian needs, in a comment and a string, and an emoji sequence', 'python', '# \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645\ns = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 \uD83D\uDC69\u200D\uD83D\uDCBB"\n', []],
    ['the same non-joiner in code', 'typescript', 'const a\u200Cb = 1;\n', [[1, 'error', 'U+200C ZERO WIDTH NON-JOINER']]],
    ['an identifier mixing Latin with a Cyrillic look-alike in code, not in a string', 'javascript', 'const p\u0430ypal = 1;\nconst s = "p\u0430ypal";\n', [[1, 'warning', 'The identifier "p\u0430ypal" mixes Latin letters with U+0430 (Cyrillic), a look-alike']]],
    ['nothing in plain code', 'python', 'def f():\n    return "ok"  # fine\n', []],
  ])('%s', (_, language, content, expected) => {
    const issues = findHiddenText(content, language, 'a.tsx');
    expect(issues.map((i) => [i.line, i.severity, i.severity === 'error' ? /Hidden text on this line: (.*?)\. /.exec(i.message)?.[1] : i.message.replace(/: it can read.*$/, '')])).toEqual(expected);
  });

  it('is an error finding of its own on the added line, counted whatever the service said', () => {
    const content = 'x = 1\naccess = "user\u202E \u2066// admin"\n';
    const [finding] = labelFindings({
      path: 'src/a.py',
      issues: [],
      hidden: findHiddenText(content, 'python', 'src/a.py'),
      patch: parsePatch('@@ -1 +1,2 @@\n x = 1\n+access = "user\u202E \u2066// admin"', 'src/a.py'),
      content,
      language: 'python',
      gateScope: 'added',
    });
    expect(finding).toMatchObject({ source: 'hidden-text', line: 2, severity: 'error', location: 'added-line', counts: true });
    expect(finding?.message).toContain('U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE');
  });
});
