/**
 * The language of a file whose name gives none (`bin/tool`), from its bytes: its `#!` line's
 * (shebang.ts), once the bytes are known to be text. What is no script of a reviewed language is
 * skipped as another language; a script whose interpreter the action does not know counts as not
 * reviewed, since what runs it is unknown.
 */
import { binaryFormatOf } from './decode';
import { BinaryFileError, NotReviewableError, SkippedFileError } from '../errors';
import { defaultExcludeReason } from '../select';
import { readShebang } from './shebang';
import type { ShebangReading } from './shebang';
import type { ReviewLanguage } from '../../domain/vocabulary';

export type ScriptReading = ShebangReading | { kind: 'binary'; format: string };

/** What an extensionless file's bytes say runs them: a binary format, or their `#!` line. */
export function readScript(bytes: Uint8Array): ScriptReading {
  const format = binaryFormatOf(bytes);
  return format === undefined ? readShebang(bytes) : { kind: 'binary', format };
}

export const UNSUPPORTED = 'language not supported by the review service';

/** The language of the extensionless file at `path`; throws why it is not reviewed otherwise. */
export function scriptLanguage(path: string, bytes: Uint8Array, defaultExclude: string | undefined): ReviewLanguage {
  const script = readScript(bytes);
  switch (script.kind) {
    case 'binary':
      throw new BinaryFileError(path, script.format);
    case 'none':
      throw new SkippedFileError(path, `${UNSUPPORTED} (no extension, and no #! line)`);
    case 'other':
      throw new SkippedFileError(path, `${UNSUPPORTED} (no extension, and its #! line names ${cut(script.interpreter)})`);
    case 'unknown':
      throw unknownInterpreter(path, script.interpreter);
    case 'language':
      if (defaultExclude !== undefined) throw new NotReviewableError(path, defaultExcludeReason(defaultExclude));
      return script.language;
  }
}

/**
 * A script run by an interpreter no list of the action's names: what language runs it is unknown,
 * so it counts against the change rather than being skipped as another language. `through`: the
 * link's target that holds the `#!` line, when `path` is a link.
 */
export function unknownInterpreter(path: string, interpreter: string, through?: string): NotReviewableError {
  const whose = through === undefined ? 'its #! line names' : `it is a symbolic link to ${through}, whose #! line names`;
  const file = through === undefined ? 'the file' : 'the target';
  return new NotReviewableError(
    path,
    `not reviewed: ${whose} ${cut(interpreter)}, an interpreter review-gate does not know, so the language that runs it is unknown; ` +
      `give ${file} the extension of its language to have it reviewed, or list ${through === undefined ? 'it' : path} in exclude to skip it on purpose`,
  );
}

/** An interpreter as the `#!` line wrote it, cut to a length a reason can carry. */
export function cut(interpreter: string): string {
  return interpreter.length > 60 ? `${interpreter.slice(0, 59)}…` : interpreter;
}
