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

/** Text as it may be printed: controls stripped, secrets redacted, workflow commands defused. */
export type PrintSafe = (text: string) => string;

export function printSafe(redactor: Redactor): PrintSafe {
  // Stripping only removes characters, so it can join a secret but never split one: redact after.
  return (text) => neutralizeWorkflowCommands(redactor.text(stripTerminalControls(text)));
}
