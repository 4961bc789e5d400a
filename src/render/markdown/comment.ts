/**
 * The body of one inline review comment: severity, the service's message, its suggestion (as a
 * GitHub suggested change when it replaces the line), the security flags it stands for, and the
 * hidden markers last, in a paragraph of their own: its fingerprint, then each flag's, so a
 * dismissal of the comment covers the flags it carries, then how many places it stands for.
 */
import type { LabelledFinding } from '../../domain/findings';
import { normalizeMessage } from '../../locate/fingerprint';
import { fingerprintMarker, reachMarker } from '../../domain/markers';
import { FLAG_ICON, flagFactsMarkdown } from './flag';
import { injectionNote } from './injection';
import { blockText, codeFence, inlineText } from './sanitize';
import { SEVERITY_LABEL, reportedAs } from './severity';
import { classifySuggestion } from './suggestion';

/** GitHub rejects comment bodies longer than this many characters. */
export const MAX_COMMENT_LENGTH = 65_536;

const FINGERPRINT = /^[0-9a-f]{16,64}$/;

export interface InlineCommentOptions {
  /** Other lines of the same file where this identical finding was folded into this comment. */
  sameAt?: readonly number[];
  /** Security flags on the finding's line that it stands for (locate/same-line-flags.ts). */
  flags?: readonly LabelledFinding[];
}

/** Characters of the text of each flag a comment carries. */
const MAX_FLAG_TEXT = 1_000;

function header(finding: LabelledFinding): string {
  const { icon, word } = SEVERITY_LABEL[finding.severity];
  const flag = finding.source === 'security-flag' ? ` · ${FLAG_ICON} security flag${flagFactsMarkdown(finding)}` : '';
  return `${icon} **${word}**${reportedAs(finding)}${flag}`;
}

/** Why the gate does not count this finding, when something other than its place says so. */
function uncountedNote(finding: LabelledFinding): string {
  return finding.uncounted === undefined ? '' : `_Not counted by the gate: ${inlineText(finding.uncounted, 200)}._`;
}

/** One line per flag the comment carries; a flag saying what the finding says is not repeated. */
function flagsPart(finding: LabelledFinding, flags: readonly LabelledFinding[]): string {
  return flags
    .map((flag) => {
      const severity = flag.severity === finding.severity ? '' : `, ${SEVERITY_LABEL[flag.severity].word.toLowerCase()}${reportedAs(flag)}`;
      const label = `${FLAG_ICON} **Security flag**${severity}${flagFactsMarkdown(flag)}`;
      if (normalizeMessage(flag.message) === normalizeMessage(finding.message)) return `${label}: the same finding.`;
      return `${label}: ${inlineText(flag.message, MAX_FLAG_TEXT)}`;
    })
    .join('\n');
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

/** Lines the note names at most; the rest are counted, so a body never outgrows GitHub's limit. */
const MAX_NOTE_LINES = 100;

/** The note for people naming the other lines the comment stands for. */
function sameAtNote(sameAt: readonly number[]): string {
  if (sameAt.length === 0) return '';
  const rest = sameAt.length - MAX_NOTE_LINES;
  const named = sameAt.slice(0, MAX_NOTE_LINES).join(', ');
  return `_The same finding is on ${sameAt.length === 1 ? 'line' : 'lines'} ${rest > 0 ? `${named} and ${rest.toLocaleString('en-US')} more` : named} of this file._`;
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
  const note = sameAtNote(sameAt);
  const head = header(finding);
  const flags = options.flags ?? [];
  const carried = flagsPart(finding, flags);
  const uncounted = uncountedNote(finding);
  const injected = injectionNote(finding);
  // The note is for people; how far the comment (and a dismissal of it) reaches is the reach
  // marker's data, which no text of the service can write (markers.ts).
  const fingerprints = [...new Set([fingerprint, ...flags.map((f) => f.fingerprint)])].map(fingerprintMarker);
  const marker = [...fingerprints, reachMarker(1 + sameAt.length)].filter((m) => m !== '').join('\n');
  // Separators: two newlines between each of at most seven parts (eight with the injection note).
  const budget = MAX_COMMENT_LENGTH - head.length - carried.length - uncounted.length - injected.length - note.length - marker.length - (injected === '' ? 6 : 7) * 2;
  // The suggestion gets at most half, so a long one never crowds out the message.
  const suggestion = suggestionPart(finding, Math.floor(budget / 2));
  const message = finding.message.trim() === '' ? '' : blockText(finding.message, budget - suggestion.length);
  return [head, message, suggestion, carried, uncounted, injected, note, marker].filter((p) => p !== '').join('\n\n');
}
