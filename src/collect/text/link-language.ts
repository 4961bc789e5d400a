/**
 * The language a symbolic link is reviewed in: its target's, found as any file's is, by the
 * target's extension, or by its `#!` line when the target's name has none. The link's own name
 * does not choose it: `app/widget.py` → `web/widget.js` is JavaScript that way.
 *
 * The link's name still says how its code runs: Python imports `app/plugin.py` whatever the file
 * it leads to is called. So a target of a type review-gate does not review (`data/plugin.cfg`)
 * behind a link whose name runs it as a language it does counts as not reviewed, saying so; the
 * gate fails closed. A link whose name gives no reviewed language either (an extensionless link
 * with no `#!` line of one) is skipped as another language, as that file itself would be.
 */
import { BinaryFileError, NotReviewableError, SkippedFileError } from '../errors';
import { readScript, unknownInterpreter, UNSUPPORTED, cut } from './script-language';
import { defaultExcludeReason, languageOf } from '../select';
import { BY_SHEBANG } from '../../domain/pull-request';
import type { ReviewCandidate } from '../../domain/pull-request';
import type { ReviewLanguage } from '../../domain/vocabulary';

/** How a reason names a language, and the extension that gets a file reviewed in it. */
const SPOKEN: Readonly<Record<ReviewLanguage, { name: string; extension: string }>> = {
  python: { name: 'Python', extension: '.py' },
  javascript: { name: 'JavaScript', extension: '.js' },
  typescript: { name: 'TypeScript', extension: '.ts' },
  go: { name: 'Go', extension: '.go' },
  rust: { name: 'Rust', extension: '.rs' },
};

/**
 * The language the link `candidate` is reviewed in, given `target`, the path of the file it leads
 * to, and that file's bytes; throws why it is not reviewed, or skipped, otherwise.
 */
export function linkLanguage(candidate: ReviewCandidate, target: string, bytes: Uint8Array): ReviewLanguage {
  const link = candidate.file.path;
  const targetType = typeOf(link, target, bytes);
  if (targetType.kind === 'language') {
    if (candidate.language === BY_SHEBANG && candidate.defaultExclude !== undefined) throw new NotReviewableError(link, defaultExcludeReason(candidate.defaultExclude));
    return targetType.language;
  }
  const runsAs = candidate.language === BY_SHEBANG ? languageOfScript(link, target, bytes) : candidate.language;
  if (runsAs === undefined) {
    if (targetType.format !== undefined) throw new BinaryFileError(link, targetType.format);
    throw new SkippedFileError(link, `${UNSUPPORTED} (a symbolic link to ${target}, ${targetType.described})`);
  }
  const { name, extension } = SPOKEN[runsAs];
  const how = candidate.language === BY_SHEBANG ? ' (by its #! line)' : '';
  throw new NotReviewableError(
    link,
    `not reviewed: it is a symbolic link to ${target}, whose code runs as ${name} through ${link}${how}, ` +
      `but ${targetType.described} is not a type review-gate reviews; ` +
      `give the target the extension of its language (${extension}) to have it reviewed, or list ${link} in exclude to skip the link on purpose`,
  );
}

type TargetType = { kind: 'language'; language: ReviewLanguage } | { kind: 'other'; described: string; format?: string };

/** What the target is, as a file at its own path: a file of a reviewed language, or what else. */
function typeOf(link: string, target: string, bytes: Uint8Array): TargetType {
  const byExtension = languageOf(target);
  if (byExtension !== undefined) return { kind: 'language', language: byExtension };
  const name = target.slice(target.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot >= 0) return { kind: 'other', described: `a ${name.slice(dot)} file` };
  const script = readScript(bytes);
  switch (script.kind) {
    case 'language':
      return { kind: 'language', language: script.language };
    case 'unknown':
      throw unknownInterpreter(link, script.interpreter, target);
    case 'binary':
      return { kind: 'other', described: `a binary file (${script.format})`, format: script.format };
    case 'none':
      return { kind: 'other', described: 'a file with no extension and no #! line' };
    case 'other':
      return { kind: 'other', described: `a script for ${cut(script.interpreter)}` };
  }
}

/** The language an extensionless link runs its target's code as, when executed: by the `#!` line. */
function languageOfScript(link: string, target: string, bytes: Uint8Array): ReviewLanguage | undefined {
  const script = readScript(bytes);
  if (script.kind === 'unknown') throw unknownInterpreter(link, script.interpreter, target);
  return script.kind === 'language' ? script.language : undefined;
}
