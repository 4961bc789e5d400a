/**
 * Text that hides code from people ("Trojan Source", CVE-2021-42574), found in the file itself,
 * whatever the service says and at no cost of it: one finding per line that holds any, naming each
 * character by its code point, so the comment shows what the eye cannot.
 *
 * - Errors, wherever they are (comments and strings are where Trojan Source puts them): the
 *   bidirectional controls U+202A–U+202E and U+2066–U+2069; the invisible U+200B, U+2060, U+180E,
 *   and U+FEFF other than a leading byte-order mark.
 * - Errors in code: the joiners U+200C and U+200D. They are left alone in an emoji sequence, and
 *   inside comments and strings between letters of the scripts that need them (Arabic and
 *   Persian, the Indic scripts, …).
 * - A warning: an identifier in code mixing Latin letters with Cyrillic or Greek ones, the
 *   look-alikes that make two names read the same.
 *
 * The lexers (comments/) tell code from comments and strings; where a lexer is unsure, the rest
 * counts as code. Pure.
 */
import type { ReviewIssue } from '../domain/review-answer';
import type { ReviewLanguage } from '../domain/vocabulary';
import { findText } from './comments';

const NAMES: Readonly<Record<number, string>> = {
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x200b: 'ZERO WIDTH SPACE',
  0x2060: 'WORD JOINER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
};
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\u180E\uFEFF\u200C\u200D]/g;
const JOINER = /[\u200C\u200D]/;
/** The scripts whose words need a joiner, around it in a comment or a string. */
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Mn}]/u;
/** Around a joiner of an emoji sequence: a pictograph, a skin tone, a variation selector, a tag. */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u{E0020}-\u{E007F}]/u;
const IDENTIFIER = /[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKES = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/**
 * The kind of a hidden-text finding, for the rule code scanning and Code Quality group it under:
 * one for the characters that hide code (errors), one for look-alike identifiers (warnings),
 * whatever characters a line holds.
 */
export function hiddenTextKind(severity: string): string {
  return severity === 'error' ? 'Hidden text: bidirectional or invisible characters (Trojan Source)' : 'Identifier mixing Latin with look-alike letters';
}

/** What such a rule is, for a reader of code scanning. */
export const HIDDEN_TEXT_HELP = 'Found by review-gate in the file itself, not by the review service: characters that make code read otherwise than it runs (CVE-2021-42574).';

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, or `U+0430 (Cyrillic)`. */
export function codePointName(char: string, script?: string): string {
  const point = char.codePointAt(0) ?? 0;
  const hex = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[point];
  return name !== undefined ? `${hex} ${name}` : `${hex}${script === undefined ? '' : ` (${script})`}`;
}

/** The last of the sorted `starts` at or before `at`: its index, or -1. */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let low = -1;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Whether offset `at` is inside a comment's text or a string's contents. */
function textRanges(content: string, language: ReviewLanguage, path: string): (at: number) => boolean {
  const lexed = findText(content, language, path);
  const ranges = [...lexed.comments.map((c) => [c.bodyStart, c.bodyEnd] as const), ...lexed.strings.map((s) => [s.start, s.end] as const)].sort((a, b) => a[0] - b[0]);
  const starts = ranges.map(([start]) => start);
  return (at) => {
    const range = ranges[lastAtOrBefore(starts, at)];
    return range !== undefined && at < range[1];
  };
}

/** The character before `at` and the one after, whole code points. */
function neighbours(content: string, at: number): [string, string] {
  const before = Array.from(content.slice(Math.max(0, at - 2), at)).at(-1) ?? '';
  const after = Array.from(content.slice(at + 1, at + 3))[0] ?? '';
  return [before, after];
}

/** Whether the joiner at `at` joins what needs joining. */
function neededJoiner(content: string, at: number, inText: boolean): boolean {
  const [before, after] = neighbours(content, at);
  if (EMOJI_PART.test(before) && EMOJI_PART.test(after)) return true;
  return inText && (JOINING_SCRIPT.test(before) || JOINING_SCRIPT.test(after));
}

/** The hidden characters of each line (1-based line → names, in order, each once). */
function hiddenByLine(content: string, inText: (at: number) => boolean, lineAt: (at: number) => number): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const match of content.matchAll(HIDDEN)) {
    const at = match.index;
    const char = match[0];
    if (char === '\uFEFF' && at === 0) continue;
    if (JOINER.test(char) && !BIDI.test(char) && neededJoiner(content, at, inText(at))) continue;
    const line = lineAt(at);
    const names = found.get(line) ?? [];
    const name = codePointName(char);
    if (!names.includes(name)) found.set(line, [...names, name]);
  }
  return found;
}

/** Identifiers in code mixing Latin with Cyrillic or Greek: line → the first such identifier's look-alike. */
function mixedIdentifiers(content: string, inText: (at: number) => boolean, lineAt: (at: number) => number): Map<number, { identifier: string; name: string }> {
  const found = new Map<number, { identifier: string; name: string }>();
  for (const match of content.matchAll(IDENTIFIER)) {
    const word = match[0];
    if (!LATIN.test(word) || !LOOK_ALIKES.test(word) || inText(match.index)) continue;
    const line = lineAt(match.index);
    if (found.has(line)) continue;
    const alike = Array.from(word).find((c) => LOOK_ALIKES.test(c)) ?? '';
    found.set(line, { identifier: word, name: codePointName(alike, /\p{Script=Greek}/u.test(alike) ? 'Greek' : 'Cyrillic') });
  }
  return found;
}

/** The file's hidden text as issues of its lines, errors first on a line, as the service would send them. */
export function findHiddenText(content: string, language: ReviewLanguage, path: string): ReviewIssue[] {
  if (!/[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\u180E\uFEFF]/.test(content) && !/[\u0370-\u03FF\u0400-\u04FF]/.test(content)) return [];
  const inText = textRanges(content, language, path);
  const starts = [0, ...Array.from(content.matchAll(/\n/g), (m) => m.index + 1)];
  const lineAt = (at: number): number => lastAtOrBefore(starts, at) + 1;
  const issues: ReviewIssue[] = [];
  for (const [line, names] of hiddenByLine(content, inText, lineAt)) {
    const bidi = names.some((n) => /DIRECTIONAL|EMBEDDING|OVERRIDE|ISOLATE/.test(n));
    issues.push({
      severity: 'error',
      line,
      message: `Hidden text on this line: ${names.join(', ')}. ${bidi ? 'A bidirectional control can make the code read otherwise than it runs (Trojan Source, CVE-2021-42574).' : 'An invisible character can make two names, or a string and what it seems to hold, look alike.'}`,
      suggestion: 'Remove the character; where a string must hold it, write it as an escape (such as \\u202E) so it shows.',
    });
  }
  for (const [line, { identifier, name }] of mixedIdentifiers(content, inText, lineAt)) {
    issues.push({
      severity: 'warning',
      line,
      message: `The identifier "${identifier}" mixes Latin letters with ${name}, a look-alike: it can read as another name.`,
      suggestion: 'Spell the identifier in one script.',
    });
  }
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
