/**
 * A security flag on the line of an issue: services often report one problem twice, once in
 * `issues` and once in `security_flags` (the simulator does for every security rule). The flag
 * is then posted once, inside the issue's inline comment, and counted once, as the issue.
 *
 * When the issue "describes" the flag is decided conservatively, so the gate never counts less.
 * Both are on the same real line of the file, the issue at the flag's severity or above, and:
 * - neither is set aside (suppressed or dismissed), and the issue is counted by the gate whenever
 *   the flag would be; or
 * - the issue is set aside and the flag says the same words (as the fingerprint compares them):
 *   the same finding, so it is set aside with it (when nothing set it aside already).
 * Of such issues, one not set aside, then the most severe, then the first stands for the flag. Anything else stays a finding
 * of its own, with its own comment: a flag with other words never hides behind a dismissed
 * issue. Runs after the dismissals are labelled; a dismissal of a comment that carries a flag
 * (render/markdown/comment.ts puts its fingerprint there) covers the flag by itself. Pure.
 */
import type { FileOutcome } from '../domain/outcomes';
import type { LabelledFinding } from '../domain/findings';
import { SEVERITIES } from '../domain/vocabulary';
import { normalizeMessage } from './fingerprint';

const rank = (f: LabelledFinding): number => SEVERITIES.indexOf(f.severity);

/** Why a folded flag is not counted apart from the issue, as every surface says it. */
export function standsFor(issue: Pick<LabelledFinding, 'severity'>): string {
  return `the ${issue.severity} issue on this line stands for it, in one comment`;
}

function placed(f: LabelledFinding): f is LabelledFinding & { line: number } {
  return f.location !== 'impossible-line' && f.line !== null && Number.isInteger(f.line) && f.line > 0;
}

/**
 * The file's findings, each flag that an issue on its line stands for labelled `sameAs` it, and
 * each such issue labelled as about security, with the CWE of its first flag that names one
 * (unless it has its own).
 */
export function foldSameLineFlags(findings: readonly LabelledFinding[]): LabelledFinding[] {
  const issues = findings.filter((f) => f.source === 'issue' && placed(f));
  if (issues.length === 0) return [...findings];
  const folded = findings.map((flag) => {
    if (flag.source !== 'security-flag' || !placed(flag)) return flag;
    const standing = issues
      .filter((issue) => issue.line === flag.line && rank(issue) <= rank(flag) && describes(issue, flag))
      // An issue the gate still weighs first, then the most severe.
      .sort((a, b) => Number(a.disposition !== undefined) - Number(b.disposition !== undefined) || rank(a) - rank(b))[0];
    if (standing === undefined) return flag;
    const result: LabelledFinding = { ...flag, sameAs: standing.fingerprint, counts: false };
    if (flag.disposition === undefined && standing.disposition !== undefined) result.disposition = standing.disposition;
    else if (flag.counts) result.uncounted = standsFor(standing);
    return result;
  });
  return folded.map((finding) => {
    if (finding.source !== 'issue') return finding;
    const flags = folded.filter((f) => f.sameAs === finding.fingerprint && f.path === finding.path && f.line === finding.line);
    if (flags.length === 0) return finding;
    const cwe = finding.cwe ?? flags.find((f) => f.cwe !== undefined)?.cwe;
    return { ...finding, security: true, ...(cwe === undefined ? {} : { cwe }) };
  });
}

/** Whether the issue stands for the flag without the gate counting less (see above). */
function describes(issue: LabelledFinding, flag: LabelledFinding): boolean {
  if (issue.disposition === undefined) return flag.disposition === undefined && (issue.counts || !flag.counts);
  return normalizeMessage(issue.message) === normalizeMessage(flag.message);
}

/** Every reviewed file's findings with their flags folded (see `foldSameLineFlags`). */
export function foldFlagsIntoIssues(outcomes: readonly FileOutcome[]): FileOutcome[] {
  return outcomes.map((outcome) => (outcome.kind === 'reviewed' ? { ...outcome, findings: foldSameLineFlags(outcome.findings) } : outcome));
}
