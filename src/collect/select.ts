/**
 * Which changed files get reviewed. Pure: every file the pull request changes ends here as a
 * review candidate, a skipped outcome or a not-reviewed one, with its reason, in the order
 * GitHub listed them.
 */
import type { ReviewLanguage } from '../domain/vocabulary';
import { firstMatchingGlob } from '../config/globs';
import { plural } from '../domain/words';
import { DEFAULT_EXCLUDES } from '../config/settings';
import type { ChangedFile, ReviewCandidate } from '../domain/pull-request';
import type { FileOutcome } from '../domain/outcomes';

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, ReviewLanguage>> = {
  '.py': 'python',
  // Python runs these as it runs .py (pythonw on Windows, python anywhere).
  '.pyw': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.go': 'go',
  '.rs': 'rust',
};

/**
 * The service language of a path, by the extension of its file name (case-insensitive): what
 * follows its last dot, even when nothing comes before it. `lib/.js` is JavaScript to Node
 * (`require('./lib/.js')` runs it), `.py` is Python to `python .py`; undefined when none.
 */
export function languageOf(path: string): ReviewLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  return LANGUAGE_BY_EXTENSION[name.slice(dot).toLowerCase()];
}

export interface SelectionRules {
  include: string[];
  exclude: string[];
  maxFiles: number;
}

export interface Selection {
  candidates: ReviewCandidate[];
  /** Left out by the user's configuration or by nature (removed, another language): listed, not counted. */
  skipped: Extract<FileOutcome, { kind: 'skipped' }>[];
  /** Supported files the action will not review (past max-files): incomplete, not skipped. */
  notReviewed: Extract<FileOutcome, { kind: 'failed' }>[];
}

export function selectFiles(files: readonly ChangedFile[], rules: SelectionRules): Selection {
  const includedBy = firstMatchingGlob(rules.include);
  const isIncluded = (path: string): boolean => rules.include.length === 0 || includedBy(path) !== undefined;
  const excludedBy = firstMatchingGlob(rules.exclude);
  // Files left out by the defaults are named with the pattern, so a reviewer sees what was not looked at.
  const excludeKind = sameList(rules.exclude, DEFAULT_EXCLUDES) ? 'default exclude' : 'exclude';
  const selection: Selection = { candidates: [], skipped: [], notReviewed: [] };
  const skip = (path: string, reason: string): void => {
    selection.skipped.push({ kind: 'skipped', path, reason });
  };

  for (const file of files) {
    const language = languageOf(file.path);
    const exclude = excludedBy(file.path);
    if (file.status === 'removed') skip(file.path, 'removed by the pull request');
    else if (file.status === 'unchanged') skip(file.path, 'unchanged');
    else if (language === undefined) skip(file.path, 'language not supported by the review service');
    else if (!isIncluded(file.path)) skip(file.path, `not matched by include (${rules.include.map(quote).join(', ')})`);
    else if (exclude !== undefined) skip(file.path, `matched by ${excludeKind} ${quote(exclude)}`);
    else if (file.blobSha === undefined) skip(file.path, 'no content at the head commit');
    else if (selection.candidates.length >= rules.maxFiles) {
      selection.notReviewed.push({
        kind: 'failed',
        path: file.path,
        reason: `not reviewed: past max-files (${plural(rules.maxFiles, 'file')}); raise max-files to review it`,
      });
    } else selection.candidates.push({ file, language });
  }
  return selection;
}

function quote(glob: string): string {
  return `'${glob}'`;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
