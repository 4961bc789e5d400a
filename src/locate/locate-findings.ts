/**
 * The locate stage for one reviewed file: its patch indexed, each of the service's issues and
 * security flags labelled with where it sits relative to the diff and whether a
 * `review-gate-ignore` comment suppresses it (read in the comment syntax of the file's language).
 * Nothing is dropped. The log says when a line break git does not count leaves findings unplaced
 * (line-breaks.ts).
 */
import type { ReviewFindings } from '../domain/review-answer';
import type { ChangedFile } from '../domain/pull-request';
import type { LabelledFinding } from '../domain/findings';
import type { Logger } from '../domain/logger';
import type { FocusArea, GateScope, ReviewLanguage, SecurityFlagsMode } from '../domain/vocabulary';
import { findHiddenText } from './hidden-text';
import { labelFindings, readForLabels } from './label';
import type { LabelledText } from './label';
import { parsePatch } from './parse-patch';
import type { PatchIndex } from './parse-patch';
import { isPatchParseError } from './patch-errors';

/** The settings the labels follow. */
export interface LocateSettings {
  gateScope: GateScope;
  securityFlags: SecurityFlagsMode;
  focusAreas: readonly FocusArea[];
}

/** A file as its findings are located against it: its patch indexed and its text read. */
export interface ReadFile {
  patch: PatchIndex | undefined;
  text: LabelledText;
}

/**
 * Reads a file once for locating its answers (both of them under injection-check): parsing the
 * patch and lexing the file for markers are most of the locate stage's work.
 */
export function readFile(file: ChangedFile, language: ReviewLanguage, content: string, log: Logger): ReadFile {
  return { patch: indexPatch(file, log), text: readForLabels({ content, language, path: file.path }) };
}

/** `language`: the one the file was reviewed as (an extensionless file's is its `#!` line's), whose comments hold markers. */
export function locateFindings(
  file: ChangedFile,
  language: ReviewLanguage,
  answer: ReviewFindings,
  content: string,
  settings: LocateSettings,
  log: Logger,
  /** Look for hidden text in the file (hidden-text.ts): once a file, with its first answer. */
  hiddenText = true,
  read: ReadFile = readFile(file, language, content, log),
): LabelledFinding[] {
  const findings = labelFindings({
    path: file.path,
    issues: answer.issues,
    flags: answer.flags,
    ...(hiddenText ? { hidden: findHiddenText(content, language, file.path) } : {}),
    securityFlags: settings.securityFlags,
    securityOnly: settings.focusAreas.length === 1 && settings.focusAreas[0] === 'security',
    patch: read.patch,
    content,
    gateScope: settings.gateScope,
    language,
  }, read.text);
  const uncounted = findings.find((f) => f.uncountedBreak !== undefined)?.uncountedBreak;
  if (uncounted !== undefined) {
    log.warning(
      `${file.path} holds ${uncounted}, a line break git does not count but ${language} or the review service may: ` +
        'its findings from that line on are reported as "diff unknown", and no review-gate-ignore marker counts there.',
    );
  }
  return findings;
}

/**
 * The file's added lines. A missing patch means "diff unknown" — unless the source proved the
 * content unchanged (a pure rename or a mode change): nothing was added there, and code that only
 * moved must not fail the gate as if it were new. GitHub's own counts (0 lines changed) prove
 * nothing: it says the same of a renamed file it shows as binary. A patch GitHub sent but we
 * cannot parse is treated as unknown too, never as "unchanged".
 */
function indexPatch(file: ChangedFile, log: Logger): PatchIndex | undefined {
  if (file.patch === undefined) return file.sameBlobAsBase === true ? parsePatch('', file.path) : undefined;
  try {
    return parsePatch(file.patch, file.path);
  } catch (error) {
    if (!isPatchParseError(error)) throw error;
    log.warning(`${error.message}; its findings are reported as "diff unknown" and not posted inline.`);
    return undefined;
  }
}
