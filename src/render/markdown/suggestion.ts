/**
 * Decides how the service's `suggestion` is shown. A GitHub suggested change replaces the
 * commented line when the author clicks "Commit suggestion", so it is offered only when the text
 * is very likely a replacement for that line; anything else is shown, never applied.
 *
 * The heuristic, in order:
 * 1. A suggestion wrapped in a ``` fence is unwrapped (the service often fences code).
 * 2. Prose is text: a sentence that starts like one ("Use …", "Consider …") with inline code in
 *    backticks or without code punctuation, or several plain words ending in `.`/`!`/`?`.
 * 3. It is a replacement when it is code of at most 20 lines, differs from the line (ignoring
 *    trailing whitespace), holds nothing review-gate would have to alter to show it safely
 *    (`<!`, control or bidi characters), and resembles the line: the same non-empty leading
 *    indentation, or at least half of the line's identifiers and numbers.
 *    A replacement written without indentation for an indented line gets the line's indentation.
 * 4. A suggestion that is just the line again is not shown.
 * 5. Otherwise code-looking text (fenced, several lines, or code punctuation) is shown in a plain
 *    code block, and the rest as text.
 */

import { hasInvisibleControl } from './sanitize';

export type SuggestionForm =
  | { kind: 'none' }
  | { kind: 'replacement'; code: string }
  | { kind: 'code'; code: string }
  | { kind: 'text'; text: string };

const MAX_REPLACEMENT_LINES = 20;
const MAX_REPLACEMENT_CHARS = 10_000;
const FENCED = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1\s*$/;
const CODE_SIGNAL = /[=;{}[\]<>]|\w\(|::|->|=>|\w\.\w|\w_\w|[a-z][A-Z]|:$/m;
const STARTS_LIKE_SENTENCE = /^[A-Z][a-z]+\s+[a-z`'"(]/;
const SENTENCE_END = /[.!?]["')\]]?$/;
const INLINE_CODE = /`[^`\n]+`/;
const PLAIN_WORD = /^\(?[A-Za-z][a-z'’]*[,.;:!?)]?$/;

export function isProse(text: string): boolean {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/);
  const plainRatio = words.filter((w) => PLAIN_WORD.test(w)).length / words.length;
  const sentence = SENTENCE_END.test(trimmed);
  if (INLINE_CODE.test(trimmed) && STARTS_LIKE_SENTENCE.test(trimmed)) return true;
  if (!CODE_SIGNAL.test(trimmed)) {
    return (
      STARTS_LIKE_SENTENCE.test(trimmed) ||
      (words.length >= 3 && sentence) ||
      (words.length >= 6 && plainRatio >= 0.7)
    );
  }
  return words.length >= 5 && sentence && plainRatio >= 0.6;
}

function indentation(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

function tokens(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_$][\w$]*|\d+(?:\.\d+)?/g) ?? []);
}

function resemblesLine(code: string, lineText: string): boolean {
  const indent = indentation(lineText);
  if (indent !== '' && indentation(code) === indent) return true;
  const wanted = tokens(lineText);
  if (wanted.size === 0) return false;
  const have = tokens(code);
  let shared = 0;
  for (const t of wanted) if (have.has(t)) shared++;
  return shared / wanted.size >= 0.5;
}

function sameCode(a: string, b: string): boolean {
  const norm = (s: string): string =>
    s
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n');
  return norm(a) === norm(b);
}

/** Gives unindented code the line's indentation, keeping its own relative indentation. */
function reindent(code: string, lineText: string): string {
  const indent = indentation(lineText);
  const lines = code.split('\n');
  const own = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => indentation(l).length));
  if (indent === '' || own > 0) return code;
  return lines.map((l) => (l.trim() === '' ? l : indent + l)).join('\n');
}

export function classifySuggestion(suggestion: string, lineText: string | undefined): SuggestionForm {
  const raw = suggestion.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  if (raw.trim() === '') return { kind: 'none' };
  const fence = FENCED.exec(raw.trim());
  const code = fence ? (fence[2] ?? '').replace(/\s+$/, '') : raw.replace(/^\n+/, '');
  if (code.trim() === '') return { kind: 'none' };
  // The line itself, offered back, says nothing.
  if (lineText !== undefined && code.trim() === lineText.trim()) return { kind: 'none' };
  if (!fence && isProse(code)) return { kind: 'text', text: raw };

  if (
    lineText !== undefined &&
    lineText.trim() !== '' &&
    code.split('\n').length <= MAX_REPLACEMENT_LINES &&
    code.length <= MAX_REPLACEMENT_CHARS &&
    // Shown safely, these would be altered (see sanitize.ts): the committed code would differ.
    !code.includes('<!') &&
    !hasInvisibleControl(code) &&
    resemblesLine(code, lineText)
  ) {
    const replacement = reindent(code, lineText);
    if (!sameCode(replacement, lineText) && replacement.trim() !== lineText.trim()) {
      return { kind: 'replacement', code: replacement };
    }
  }
  if (fence || code.includes('\n') || CODE_SIGNAL.test(code)) return { kind: 'code', code };
  return { kind: 'text', text: raw };
}
