/**
 * The recipes' pinned reference: every workflow of the README and docs/ uses review-gate at one
 * commit's full SHA with its version in a comment, and the GitLab job installs that same commit:
 *
 *     uses: OWNER/review-gate@<40-hex SHA>  # v0.2.0
 *     npm install --global "git+https://github.com/OWNER/review-gate.git#<40-hex SHA>"  # v0.2.0
 *
 * A commit cannot name itself, so the release script writes them after it tags a release, in a
 * commit of its own on top (scripts/release.ts); until the first release they name a placeholder.
 */

/** The SHA and words the documents pin before any release: replace it with the commit you reviewed. */
export const UNRELEASED_PIN = { sha: '0123456789abcdef0123456789abcdef01234567', label: 'unreleased: pin the commit you reviewed' };

/** `uses: OWNER/review-gate@REF` or the GitLab job's `review-gate.git#REF"`, with the comment that follows. */
const REFERENCE = /(OWNER\/review-gate@|github\.com\/OWNER\/review-gate\.git#)([0-9A-Za-z._-]+)("?)(?:[ \t]+#[^\n]*)?/g;

/** A workflow's `uses:` line, or a script line installing the command. */
const PINNING_LINE = /^\s*(?:- )?(?:uses:|npm install)/;

export interface PinnedReference {
  /** The file line. */
  line: number;
  /** The ref named: a SHA, or a tag such as `v0`. */
  ref: string;
  /** The comment after it, without `# `; '' when there is none. */
  label: string;
}

/** Every reference to review-gate the text pins, in order (prose in backticks is not one). */
export function pinsIn(text: string): PinnedReference[] {
  return text.split('\n').flatMap((line, index) => {
    if (!PINNING_LINE.test(line)) return [];
    return [...line.matchAll(REFERENCE)].map((m) => ({ line: index + 1, ref: m[2] ?? '', label: /#\s*(.*)$/.exec(m[0].slice((m[1] ?? '').length))?.[1]?.trim() ?? '' }));
  });
}

/** The text with every pinned reference set to `sha`, and its comment to `label`. */
export function withPins(text: string, sha: string, label: string): string {
  return text
    .split('\n')
    .map((line) => (PINNING_LINE.test(line) ? line.replace(REFERENCE, (_all, start: string, _ref, quote: string) => `${start}${sha}${quote}  # ${label}`) : line))
    .join('\n');
}
