/**
 * A review candidate's bytes → the text sent for review, or the typed reason why there is none:
 * `BinaryFileError` (skipped) or `NotReviewableError` (not reviewed: incomplete).
 */
import { decodeSource } from './decode';
import { BinaryFileError, NotReviewableError, fileTooLarge } from './errors';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';

export async function readReviewableText(
  source: PullRequestSource,
  pr: CommitRef,
  candidate: ReviewCandidate,
  options: { maxBytes: number; signal?: AbortSignal },
): Promise<string> {
  const { path } = candidate.file;
  const bytes = await source.readFile(pr, candidate.file, options);
  // max-file-size counts the file's own bytes, whatever its encoding.
  if (bytes.length > options.maxBytes) throw fileTooLarge(path, bytes.length, options.maxBytes);
  const decoded = decodeSource(bytes, candidate.language);
  switch (decoded.kind) {
    case 'binary':
      throw new BinaryFileError(path, decoded.format);
    case 'undecodable':
      throw new NotReviewableError(path, `not reviewed: could not decode as text (${decoded.detail}); ${decoded.hint}`);
    case 'text':
      return decoded.text;
  }
}
