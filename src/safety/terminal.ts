/**
 * Everything printed — the action's log, the terminal command's output — goes through
 * `printSafe`: escape sequences and invisible characters are removed, secrets redacted, and
 * workflow commands defused. Text from the pull request (file names may hold any character but
 * `/` and NUL) and from the service must neither drive the terminal nor command the runner.
 *
 * How the Actions runner reads commands from stdout (actions/runner, ActionCommand.cs): it splits
 * the output into lines at `\r`, `\n` and `\r\n`, then
 * - `::command::` counts when the line starts with it after `TrimStart()`, which removes every
 *   Unicode White_Space character (U+0085 NEL, U+00A0, U+2000–U+200A, U+2028, U+3000 … too);
 * - the legacy `##[command]` counts anywhere in the line;
 * - both are found with culture-sensitive `StartsWith`/`IndexOf`. With ICU (Linux and macOS
 *   runners) those skip ignorable characters — controls, zero-width spaces and joiners, soft
 *   hyphens — so `:\u200B:` still reads as `::`. A defused command therefore gets a plain space,
 *   which no comparison ignores: `: :error::…` and `# #[error]…`.
 */
import type { Redactor } from './redact';

/** Characters the runner's TrimStart removes, or that its comparison ignores, before a `::`. */
const SKIPPED = '[\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}]';
/** The same, but not a line end: the runner starts a new line at `\r` and `\n` only. */
const SKIPPED_IN_LINE = `(?:(?![\\r\\n])${SKIPPED})`;
const LINE_START_COMMAND = new RegExp(`(^|\\r\\n|\\r|\\n)(${SKIPPED_IN_LINE}*):(${SKIPPED_IN_LINE}*:)`, 'gu');
const IGNORED_IN_LINE = '(?:(?![\\r\\n])[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}])';
const LEGACY_COMMAND = new RegExp(`#(${IGNORED_IN_LINE}*#${IGNORED_IN_LINE}*\\[)`, 'gu');

/** Defuses every workflow command the runner would find in `text`, keeping the rest as it was. */
export function neutralizeWorkflowCommands(text: string): string {
  return text.replace(LINE_START_COMMAND, '$1$2: $3').replace(LEGACY_COMMAND, '# $1');
}

/**
 * ESC sequences with what they carry: CSI (`ESC [` … final byte: colours, cursor moves, clear
 * screen), OSC/DCS/SOS/PM/APC strings ended by BEL or ST on the same line (window title, OSC 52
 * clipboard writes, hyperlinks), and any other two-character ESC sequence. A string without its
 * end loses only its introducer, so the text after it stays readable. The 8-bit C1 forms
 * (U+009B CSI, U+009D OSC …) are the same with one character for `ESC x`.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)|[^\n]?)/gu;
// eslint-disable-next-line no-control-regex -- as above
const C1_SEQUENCE = /\u009b[0-?]*[ -/]*[@-~]?|[\u0090\u0098\u009d\u009e\u009f][^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)/gu;
/**
 * Controls but tab and newline; format characters (bidi controls, zero-width spaces and joiners);
 * other default-ignorable characters (Hangul fillers, variation selectors, tags). None prints
 * anything a reader needs, and each can hide or reorder text.
 */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** `text` without escape sequences and invisible characters; line breaks become `\n`. */
export function stripTerminalControls(text: string): string {
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(C1_SEQUENCE, '')
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '');
}

/** Breaks a line, or passes for a space: tab, line breaks, and every white space but the space itself. */
const NOT_PLAIN_SPACE = /(?! )\p{White_Space}/u;

/** A character printing shows as itself: stripping leaves it, and it breaks no line and fakes no space. */
function showsAsItself(char: string): boolean {
  return stripTerminalControls(char) === char && !NOT_PLAIN_SPACE.test(char);
}

/**
 * A file name as text, one way for every surface that prints one (the terminal, the action's log
 * and annotations): each character printing would strip or that would pass for another (an
 * escape, a bidi override, a zero-width space, a line break, a non-breaking space) written as
 * `\u{1b}`, and a backslash doubled. Stripped, `evil\x1b[31mred.py` would print as `evilred.py`,
 * another file's name; escaped, no two names print alike, since `\u{…}` cannot come from a name.
 */
export function visiblePath(path: string): string {
  return [...path].map((c) => (c === '\\' ? '\\\\' : showsAsItself(c) ? c : `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)).join('');
}

/**
 * JSON text that prints safely as it is: every character printing would strip written as a JSON
 * escape (`\u202e`), so a string keeps its exact value for the program that parses it. Only
 * strings hold such characters, and there a `\uXXXX` escape means the same character.
 */
export function printableJson(json: string): string {
  return [...json]
    .map((c) => {
      if (stripTerminalControls(c) === c) return c;
      const code = c.codePointAt(0) ?? 0;
      const units = code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
      return units.map((u) => `\\u${u.toString(16).padStart(4, '0')}`).join('');
    })
    .join('');
}

/** Text as it may be printed: controls stripped, secrets redacted, workflow commands defused. */
export type PrintSafe = (text: string) => string;

export function printSafe(redactor: Redactor): PrintSafe {
  // Stripping only removes characters, so it can join a secret but never split one: redact after.
  return (text) => neutralizeWorkflowCommands(redactor.text(stripTerminalControls(text)));
}
