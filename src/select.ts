/**
 * Which changed files get reviewed. Pure: every file the pull request changes ends here as a
 * review candidate or as a skipped outcome with its reason, in the order GitHub listed them.
 */
import picomatch from 'picomatch';
import type { ReviewLanguage } from './api/types';
import type { ChangedFile, FileOutcome, ReviewCandidate } from './types';

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, ReviewLanguage>> = {
  '.py': 'python',
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

/** The service language of a path, by its extension (case-insensitive); undefined if none. */
export function languageOf(path: string): ReviewLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return LANGUAGE_BY_EXTENSION[name.slice(dot).toLowerCase()];
}

export interface SelectionRules {
  include: string[];
  exclude: string[];
  maxFiles: number;
}

export interface Selection {
  candidates: ReviewCandidate[];
  skipped: Extract<FileOutcome, { kind: 'skipped' }>[];
}

/**
 * Globs match the repository-relative path. A glob without a `/` matches the file name in any
 * folder (as in .gitignore), so `*.min.js` excludes `web/app.min.js` too.
 */
export function compileGlobs(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  const matchers = globs.map((glob) => picomatch(glob, { dot: true, basename: !glob.includes('/') }));
  return (path) => matchers.some((match) => match(path));
}

export function selectFiles(files: readonly ChangedFile[], rules: SelectionRules): Selection {
  const isIncluded = rules.include.length === 0 ? () => true : compileGlobs(rules.include);
  const isExcluded = compileGlobs(rules.exclude);
  const selection: Selection = { candidates: [], skipped: [] };
  const skip = (path: string, reason: string): void => {
    selection.skipped.push({ kind: 'skipped', path, reason });
  };

  for (const file of files) {
    const language = languageOf(file.path);
    if (file.status === 'removed') skip(file.path, 'removed by the pull request');
    else if (file.status === 'unchanged') skip(file.path, 'unchanged');
    else if (language === undefined) skip(file.path, 'language not supported by the review service');
    else if (!isIncluded(file.path)) skip(file.path, 'not matched by include');
    else if (isExcluded(file.path)) skip(file.path, 'matched by exclude');
    else if (file.blobSha === undefined) skip(file.path, 'no content at the head commit');
    else if (selection.candidates.length >= rules.maxFiles) {
      skip(file.path, `over max-files (${rules.maxFiles})`);
    } else selection.candidates.push({ file, language });
  }
  return selection;
}
