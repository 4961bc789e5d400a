/**
 * The body of one inline review comment: severity, the service's message, its suggestion (as a
 * GitHub suggested change when it replaces the line), and the hidden fingerprint marker last.
 */
import type { LabelledFinding } from '../../domain/findings';
import { fingerprintMarker } from '../markers';
import { blockText, codeFence } from './sanitize';
import { SEVERITY_LABEL, reportedAs } from './severity';
import { classifySuggestion } from './suggestion';

/** GitHub rejects comment bodies longer than this many characters. */
export const MAX_COMMENT_LENGTH = 65_536;

const FINGERPRINT = /^[0-9a-f]{16,64}$/;

export interface InlineCommentOptions {
  /** Other lines of the same file where this identical finding was folded into this comment. */
  sameAt?: readonly number[];
}

function header(finding: LabelledFinding): string {
  const { icon, word } = SEVERITY_LABEL[finding.severity];
  return `${icon} **${word}**${reportedAs(finding)}`;
}

/** The suggestion part, fitted in `max` characters; a replacement that does not fit is shown as code. */
function suggestionPart(finding: LabelledFinding, max: number): string {
  const form = classifySuggestion(finding.suggestion, finding.lineText);
  switch (form.kind) {
    case 'none':
      return '';
    case 'replacement': {
      const block = `**Suggested change:**\n${codeFence(form.code, 'suggestion')}`;
      // A cut replacement would commit broken code; show it as plain code instead.
      if (block.length <= max) return block;
      return `**Suggestion:**\n${codeFence(form.code, undefined, max - 16)}`;
    }
    case 'code':
      return `**Suggestion:**\n${codeFence(form.code, undefined, max - 16)}`;
    case 'text':
      return `**Suggestion:** ${blockText(form.text, max - 16)}`;
  }
}

/** Reads back the lines named by the note above in a comment body: how many places one comment (and a dismissal of it) spoke for. */
const SAME_AT_NOTE = /_The same finding is on lines? ([\d, ]+) of this file\._/;

export function sameFindingLines(body: string): number[] {
  const listed = SAME_AT_NOTE.exec(body)?.[1] ?? '';
  return listed.split(',').map((n) => Number(n.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

export function renderInlineComment(
  finding: LabelledFinding,
  fingerprint: string,
  options: InlineCommentOptions = {},
): string {
  if (!FINGERPRINT.test(fingerprint)) {
    throw new TypeError(`Expected \`fingerprint\` to be 16 to 64 lowercase hex digits, got '${fingerprint}'`);
  }
  const sameAt = options.sameAt ?? [];
  const note =
    sameAt.length === 0
      ? ''
      : `_The same finding is on ${sameAt.length === 1 ? 'line' : 'lines'} ${sameAt.join(', ')} of this file._`;
  const head = header(finding);
  const marker = fingerprintMarker(fingerprint);
  // Separators: two newlines between each of at most five parts.
  const budget = MAX_COMMENT_LENGTH - head.length - note.length - marker.length - 4 * 2;
  // The suggestion gets at most half, so a long one never crowds out the message.
  const suggestion = suggestionPart(finding, Math.floor(budget / 2));
  const message = finding.message.trim() === '' ? '' : blockText(finding.message, budget - suggestion.length);
  return [head, message, suggestion, note, marker].filter((p) => p !== '').join('\n\n');
}
