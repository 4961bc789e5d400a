/**
 * A review candidate's bytes → the text sent for review and the language it is sent as, or the
 * typed reason why there is none: `SkippedFileError` (skipped: binary, or an extensionless file
 * that is no script of a supported language) or `NotReviewableError` (not reviewed: incomplete).
 *
 * The bytes are the content that runs at the file's path (running-content.ts): a link's target,
 * an LFS pointer's content. An extensionless candidate's language is its link target's extension's,
 * else its `#!` line's, read from the bytes read for review: the file is read once, whatever it
 * turns out to be.
 */
import { binaryFormatOf, decodeSource } from './decode';
import { BinaryFileError, NotReviewableError, SkippedFileError, fileTooLarge } from './errors';
import { readRunningContent } from './running-content';
import { defaultExcludeReason, languageOf } from './select';
import { readShebang } from './shebang';
import { BY_SHEBANG } from '../domain/pull-request';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import type { ReviewLanguage } from '../domain/vocabulary';

export interface ReviewableText {
  text: string;
  language: ReviewLanguage;
  /** What was reviewed in place of the blob the diff shows (a link's target, an LFS pointer's content): its lines are not the diff's. */
  insteadOf?: string;
  /** The path of the file a link led to, when the file is a link. */
  linkTarget?: string;
}

export async function readReviewableText(
  source: PullRequestSource,
  pr: CommitRef,
  candidate: ReviewCandidate,
  options: { maxBytes: number; signal?: AbortSignal },
): Promise<ReviewableText> {
  const { path } = candidate.file;
  const content = await readRunningContent(source, pr, candidate.file, options);
  const { bytes } = content;
  // max-file-size counts the file's own bytes, whatever its encoding.
  if (bytes.length > options.maxBytes) throw fileTooLarge(path, bytes.length, options.maxBytes);
  const language = candidate.language === BY_SHEBANG ? scriptLanguage(path, content.path, bytes, candidate.defaultExclude) : candidate.language;
  const decoded = decodeSource(bytes, language);
  switch (decoded.kind) {
    case 'binary':
      throw new BinaryFileError(path, decoded.format);
    case 'undecodable':
      throw new NotReviewableError(path, `not reviewed: could not decode as text (${decoded.detail}); ${decoded.hint}`);
    case 'text':
      return {
        text: decoded.text,
        language,
        ...(content.insteadOf === undefined ? {} : { insteadOf: content.insteadOf }),
        ...(content.path === path ? {} : { linkTarget: content.path }),
      };
  }
}

/**
 * The language of an extensionless file: its link target's extension's, else its `#!` line's;
 * throws why it is not reviewed otherwise.
 */
function scriptLanguage(path: string, contentPath: string, bytes: Uint8Array, defaultExclude: string | undefined): ReviewLanguage {
  const byTarget = contentPath === path ? undefined : languageOf(contentPath);
  if (byTarget !== undefined) {
    if (defaultExclude !== undefined) throw new NotReviewableError(path, defaultExcludeReason(defaultExclude));
    return byTarget;
  }
  const format = binaryFormatOf(bytes);
  if (format !== undefined) throw new BinaryFileError(path, format);
  const shebang = readShebang(bytes);
  const unsupported = 'language not supported by the review service';
  if (shebang.kind === 'none') throw new SkippedFileError(path, `${unsupported} (no extension, and no #! line)`);
  if (shebang.kind === 'other') throw new SkippedFileError(path, `${unsupported} (no extension, and its #! line names ${cut(shebang.interpreter)})`);
  if (shebang.kind === 'unknown') throw unknownInterpreter(path, shebang.interpreter);
  if (defaultExclude !== undefined) throw new NotReviewableError(path, defaultExcludeReason(defaultExclude));
  return shebang.language;
}

/**
 * A script run by an interpreter no list of the action's names: what language runs it is unknown,
 * so it counts against the change rather than being skipped as another language.
 */
function unknownInterpreter(path: string, interpreter: string): NotReviewableError {
  return new NotReviewableError(
    path,
    `not reviewed: its #! line names ${cut(interpreter)}, an interpreter review-gate does not know, so the language that runs it is unknown; ` +
      'give the file the extension of its language to have it reviewed, or list it in exclude to skip it on purpose',
  );
}

/** An interpreter as the `#!` line wrote it, cut to a length a reason can carry. */
function cut(interpreter: string): string {
  return interpreter.length > 60 ? `${interpreter.slice(0, 59)}…` : interpreter;
}
