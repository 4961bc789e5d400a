/** How a security flag reads in markdown: its CWE and kind, and the lock that marks it. */
import { cweName } from '../../locate/label';
import type { LabelledFinding } from '../../domain/findings';
import { inlineCode } from './sanitize';

export const FLAG_ICON = '🔒';
const MAX_KIND = 60;

/** ` (CWE-89, \`sql-injection\`)`, or '' when the flag gave neither; the kind is the service's text, so code. */
export function flagFactsMarkdown(finding: Pick<LabelledFinding, 'kind' | 'cwe'>): string {
  const facts = [...(finding.cwe === undefined ? [] : [cweName(finding.cwe)]), ...(finding.kind === undefined ? [] : [inlineCode(finding.kind, MAX_KIND)])];
  return facts.length === 0 ? '' : ` (${facts.join(', ')})`;
}
