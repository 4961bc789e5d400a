/**
 * The answer's `security_flags`, read whatever the shape of each element: the reference says
 * only "potential security vulnerabilities" and shows none. Nothing is dropped, and what cannot
 * be read fails closed: a flag without a severity is an error, one without a usable line cannot
 * be placed (so the gate counts it in `gate-scope: added`).
 *
 * - A string is the flag's text.
 * - An object gives `line` (read as an issue's), `severity` (`error`, `warning` or `info`,
 *   any case; anything else is an error, shown as received), its text from `message`,
 *   `description`, `title` and `detail` (each distinct one, in that order, joined by ` — `), its
 *   kind from `type`, `rule`, `id` or `category` (the first given), its CWE from `cwe` (`"CWE-89"`,
 *   `"89"` or `89`), and a fix from `suggestion` or `remediation`.
 * - An object with none of the text keys, or any other value (a number, a list, null), is shown
 *   as its compact JSON.
 * Pure; the answer itself keeps the elements as sent (and so does the result cache).
 */
import { normalizeLine, normalizeSeverity } from './response';
import type { ScoredFindings, SecurityFlag } from '../domain/review-answer';
import type { ReviewResult } from './types';

const TEXT_KEYS = ['message', 'description', 'title', 'detail'] as const;
const KIND_KEYS = ['type', 'rule', 'id', 'category'] as const;
const SUGGESTION_KEYS = ['suggestion', 'remediation'] as const;
/** A flag's text kept at most; the renderers cut it further for each surface. */
const MAX_TEXT = 10_000;
const MAX_KIND = 100;
const CWE = /^\s*(?:cwe\s*[-_:]?\s*)?(\d{1,6})\s*$/i;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The value as compact JSON: how an element of an unknown shape is shown. */
function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Non-blank strings, trimmed. */
function texts(entry: Json, keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const value = entry[key];
    return typeof value === 'string' && value.trim() !== '' ? [value.trim()] : [];
  });
}

function readKind(entry: Json): string | undefined {
  for (const key of KIND_KEYS) {
    const value = entry[key];
    if (typeof value === 'string' && value.trim() !== '') return capped(value.trim(), MAX_KIND);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** `"CWE-89"`, `"89"`, `89`, or a list whose first such entry is one; anything else is no CWE. */
export function readCwe(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.map(readCwe).find((n) => n !== undefined);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(CWE.exec(value)?.[1] ?? Number.NaN) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export function parseSecurityFlag(entry: unknown): SecurityFlag {
  if (typeof entry === 'string') {
    const message = entry.trim() === '' ? compactJson(entry) : capped(entry, MAX_TEXT);
    return { severity: 'error', line: null, message, suggestion: '' };
  }
  if (!isObject(entry)) return { severity: 'error', line: null, message: capped(compactJson(entry), MAX_TEXT), suggestion: '' };
  const said = [...new Set(texts(entry, TEXT_KEYS))];
  const message = capped(said.length === 0 ? compactJson(entry) : said.join(' — '), MAX_TEXT);
  // A flag that names no severity is an error: fail closed, and nothing odd to show about it.
  const severity = entry.severity === undefined || entry.severity === null ? { severity: 'error' as const } : normalizeSeverity(entry.severity);
  const flag: SecurityFlag = { ...severity, ...normalizeLine(entry.line), message, suggestion: capped(texts(entry, SUGGESTION_KEYS)[0] ?? '', MAX_TEXT) };
  const kind = readKind(entry);
  if (kind !== undefined) flag.kind = kind;
  const cwe = readCwe(entry.cwe);
  if (cwe !== undefined) flag.cwe = cwe;
  return flag;
}

/** Every element of `security_flags`, in the answer's order. */
export function parseSecurityFlags(elements: readonly unknown[]): SecurityFlag[] {
  return elements.map(parseSecurityFlag);
}

/**
 * The service's answer mapped into what the stages after the review read: its issues, its flags
 * read whatever their shape, its score. The answer itself is kept as sent (and so cached).
 */
export function answerFindings(result: Pick<ReviewResult, 'issues' | 'security_flags' | 'quality_score'>): ScoredFindings {
  return { issues: result.issues, flags: parseSecurityFlags(result.security_flags), score: result.quality_score };
}
