/**
 * Prints a streamed completion as it arrives, as safely as the whole text would be printed.
 * Each piece goes through the print sanitizer, so what could be cut in two at a delta boundary
 * is held back until the next delta shows how it ends: the start of a secret (the key split
 * across two deltas would escape the redactor), a line that so far reads as the start of a
 * workflow command (`:` then `:error::…`), a `#` that may become `##[`, and an escape sequence
 * without its final byte. Everything else is written at once.
 */
/** What the runner skips before a command, but not a line end (the runner starts a new line there). */
const IGNORABLE = '(?:(?![\\r\\n])[\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}])';
/** The last line so far is only ignorable characters and at most one `:` or `#`. */
const OPEN_LINE_START = new RegExp(`(?:^|\\n)(${IGNORABLE}*[:#]?${IGNORABLE}*)$`, 'u');
/** A `#` (or `##`) at the end, which `[` in the next delta would turn into `##[`. */
const OPEN_LEGACY = new RegExp(`#${IGNORABLE}*(?:#${IGNORABLE}*)?$`, 'u');
// eslint-disable-next-line no-control-regex -- an escape sequence cut in two is the point
const OPEN_ESCAPE = /\u001b(?:\[[0-?]*[ -/]*)?$/;

export interface StreamPrinter {
  push(delta: string): void;
  /** Writes what was held back; call once, at the end. */
  end(): void;
  /** The last character written, to end the output with a line break when it has none. */
  readonly endsWithNewline: boolean;
}

export function createStreamPrinter(write: (text: string) => void, secrets: readonly string[]): StreamPrinter {
  let pending = '';
  let last = '';
  const emit = (text: string) => {
    if (text === '') return;
    write(text);
    last = text.charAt(text.length - 1);
  };
  const holdFrom = (text: string): number => {
    let from = text.length;
    const take = (index: number) => {
      if (index >= 0 && index < from) from = index;
    };
    const line = OPEN_LINE_START.exec(text);
    if (line !== null && line[1] !== undefined) take(text.length - line[1].length);
    take(OPEN_LEGACY.exec(text)?.index ?? -1);
    take(OPEN_ESCAPE.exec(text)?.index ?? -1);
    for (const secret of secrets) {
      for (let i = Math.max(0, text.length - secret.length + 1); i < text.length; i++) {
        if (secret.startsWith(text.slice(i))) {
          take(i);
          break;
        }
      }
    }
    return from;
  };
  return {
    push(delta) {
      pending += delta;
      const from = holdFrom(pending);
      emit(pending.slice(0, from));
      pending = pending.slice(from);
    },
    end() {
      emit(pending);
      pending = '';
    },
    get endsWithNewline() {
      return last === '' || last === '\n';
    },
  };
}
