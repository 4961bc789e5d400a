/**
 * A review candidate's bytes → the text sent for review and the language it is sent as, or the
 * typed reason why there is none: `SkippedFileError` (skipped: binary, or an extensionless file
 * that is no script of a supported language) or `NotReviewableError` (not reviewed: incomplete).
 *
 * The bytes are the content that runs at the file's path (running-content.ts): a link's target,
 * an LFS pointer's content. A link is reviewed in its target's language (link-language.ts); an
 * extensionless file in its `#!` line's (script-language.ts), read from the bytes read for review:
 * the file is read once, whatever it turns out to be.
 */
import { decodeSource } from './decode';
import { BinaryFileError, NotReviewableError, fileTooLarge } from '../errors';
import { linkLanguage } from './link-language';
import { readRunningContent } from './running-content';
import { scriptLanguage } from './script-language';
import { BY_SHEBANG } from '../../domain/pull-request';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../../domain/pull-request';
import type { ReviewLanguage } from '../../domain/vocabulary';

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
  const language = content.path !== path ? linkLanguage(candidate, content.path, bytes) : ownLanguage(candidate, bytes);
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

/** The language of a file that is no link: its extension's, or its `#!` line's when it has none. */
function ownLanguage(candidate: ReviewCandidate, bytes: Uint8Array): ReviewLanguage {
  if (candidate.language !== BY_SHEBANG) return candidate.language;
  return scriptLanguage(candidate.file.path, bytes, candidate.defaultExclude);
}
