/**
 * Which changed files get reviewed. Pure: every file the pull request changes ends here as a
 * review candidate, a skipped outcome or a not-reviewed one, with its reason, in the order
 * GitHub listed them.
 *
 * Only the user's own choices skip a file of a supported language: `include`, and an `exclude`
 * they set. The default exclude list matches names (`*.generated.*`, `vendor/`, `*.min.js`), and a
 * pull request chooses its names: a file in a supported language that only the default list
 * matches is not reviewed — incomplete, with the pattern and the remedy — never skipped.
 */
import type { ReviewLanguage } from '../domain/vocabulary';
import { firstMatchingGlob } from '../config/globs';
import { plural } from '../domain/words';
import { BY_SHEBANG } from '../domain/pull-request';
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

/**
 * The language a candidate is reviewed in: by its extension, or — for a file name without any
 * (`bin/tool`, `LICENSE`) — by its `#!` line once it is read (`BY_SHEBANG`); undefined for a file
 * whose extension is of another language.
 */
export function candidateLanguage(path: string): ReviewCandidate['language'] | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return languageOf(path) ?? (name.includes('.') ? undefined : BY_SHEBANG);
}

/** Why a file of a supported language that only the default exclude list matches is not reviewed. */
export function defaultExcludeReason(pattern: string): string {
  return (
    `not reviewed: matched by default exclude '${pattern}', and a default cannot skip code, since the pull request chooses its file names; ` +
    'list it in exclude to skip such files on purpose'
  );
}

export interface SelectionRules {
  include: string[];
  /** The user's own exclude globs: a file they match is skipped. */
  exclude: string[];
  /** The default exclude globs, in force when the user set none: see the module comment. */
  defaultExcludes: string[];
  maxFiles: number;
}

export interface Selection {
  candidates: ReviewCandidate[];
  /** Left out by the user's configuration or by nature (removed, another language): listed, not counted. */
  skipped: Extract<FileOutcome, { kind: 'skipped' }>[];
  /** Supported files the action will not review (a default exclude, past max-files): incomplete, not skipped. */
  notReviewed: Extract<FileOutcome, { kind: 'failed' }>[];
}

export function selectFiles(files: readonly ChangedFile[], rules: SelectionRules): Selection {
  const selector = createSelector(rules);
  selector.add(files);
  return selector.selection;
}

/**
 * `selectFiles` a page at a time, for a list still being read: `add` takes the next files in
 * the list's order and returns the candidates among them; `selection` grows with each call.
 */
export function createSelector(rules: SelectionRules): { add(files: readonly ChangedFile[]): ReviewCandidate[]; readonly selection: Selection } {
  const includedBy = firstMatchingGlob(rules.include);
  const isIncluded = (path: string): boolean => rules.include.length === 0 || includedBy(path) !== undefined;
  const excludedBy = firstMatchingGlob(rules.exclude);
  const defaultExcludedBy = firstMatchingGlob(rules.defaultExcludes);
  const selection: Selection = { candidates: [], skipped: [], notReviewed: [] };
  const skip = (path: string, reason: string): void => {
    selection.skipped.push({ kind: 'skipped', path, reason });
  };
  const notReviewed = (path: string, reason: string): void => {
    selection.notReviewed.push({ kind: 'failed', path, reason });
  };

  const add = (file: ChangedFile): ReviewCandidate | undefined => {
    const language = candidateLanguage(file.path);
    const exclude = excludedBy(file.path);
    const defaultExclude = defaultExcludedBy(file.path);
    if (file.status === 'removed') skip(file.path, 'removed by the pull request');
    else if (file.status === 'unchanged') skip(file.path, 'unchanged');
    else if (language === undefined) skip(file.path, 'language not supported by the review service');
    else if (!isIncluded(file.path)) skip(file.path, `not matched by include (${rules.include.map(quote).join(', ')})`);
    else if (exclude !== undefined) skip(file.path, `matched by exclude ${quote(exclude)}`);
    else if (file.blobSha === undefined) skip(file.path, 'no content at the head commit');
    else if (defaultExclude !== undefined && language !== BY_SHEBANG) notReviewed(file.path, defaultExcludeReason(defaultExclude));
    else if (selection.candidates.length >= rules.maxFiles) {
      notReviewed(file.path, `not reviewed: past max-files (${plural(rules.maxFiles, 'file')}); raise max-files to review it`);
    } else {
      const candidate: ReviewCandidate = language === BY_SHEBANG ? { file, language, ...(defaultExclude === undefined ? {} : { defaultExclude }) } : { file, language };
      selection.candidates.push(candidate);
      return candidate;
    }
    return undefined;
  };

  return {
    selection,
    add: (files) => files.flatMap((file) => {
      const candidate = add(file);
      return candidate === undefined ? [] : [candidate];
    }),
  };
}

function quote(glob: string): string {
  return `'${glob}'`;
}
