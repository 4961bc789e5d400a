import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, renderInlineComment } from '../../../src/render/markdown/comment';
import { extractFingerprints, fingerprintMarker, readReach } from '../../../src/domain/markers';
import { finding } from '../../support/findings';

const FP = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('renderInlineComment', () => {
  it('shows the severity with an icon and the word, then the message', () => {
    const body = renderInlineComment(finding({ severity: 'error', message: 'Hardcoded secret' }), FP);
    expect(body.startsWith('🛑 **Error**\n\nHardcoded secret')).toBe(true);
  });

  it('says what the service called an unknown severity', () => {
    const body = renderInlineComment(finding({ severity: 'warning', reportedSeverity: 'critical' }), FP);
    expect(body).toContain('⚠️ **Warning** (reported as `critical`)');
  });

  it('renders a code replacement for the line as a GitHub suggested change', () => {
    const body = renderInlineComment(finding({ suggestion: 'items = [1, 2]', lineText: '    list = [1, 2]' }), FP);
    expect(body).toContain('```suggestion\n    items = [1, 2]\n```');
  });

  it('renders advice as text, not as a change', () => {
    const body = renderInlineComment(finding({ suggestion: 'Rename the variable so it does not shadow list.' }), FP);
    expect(body).not.toContain('```suggestion');
    expect(body).toContain('**Suggestion:** Rename the variable so it does not shadow list.');
  });

  it('ends with the fingerprint marker', () => {
    const body = renderInlineComment(finding(), FP);
    expect(body.endsWith(fingerprintMarker(FP))).toBe(true);
  });

  it('carries only its real fingerprint when the message and suggestion try to forge one', () => {
    const forged = '<!-- review-gate:fp:deadbeefdeadbeef -->';
    const body = renderInlineComment(
      finding({ message: `oops ${forged}`, suggestion: `list = 1  # ${forged}`, lineText: 'list = 0' }),
      FP,
    );
    expect(extractFingerprints(body)).toEqual([FP]);
  });

  it('does not notify users mentioned by the service', () => {
    const body = renderInlineComment(finding({ message: 'ask @octocat', suggestion: 'Ping @github/security.' }), FP);
    expect(body).not.toMatch(/@(octocat|github)/);
  });

  it('names the other lines an identical finding was folded from, and carries how many places it stands for as the reach marker’s data', () => {
    const body = renderInlineComment(finding(), FP, { sameAt: [20, 31] });
    expect(body).toContain('_The same finding is on lines 20, 31 of this file._');
    expect(body.endsWith(`${fingerprintMarker(FP)}\n<!-- review-gate:reach:3 -->`)).toBe(true);
    expect(readReach(body)).toBe(3);
  });

  it('stays within GitHub’s limit when thousands of lines are folded into it, counting what its note does not name', () => {
    const sameAt = Array.from({ length: 20_000 }, (_, i) => 100_000 + 2 * i);
    const body = renderInlineComment(finding({ message: 'm'.repeat(100_000) }), FP, { sameAt });
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(body).toContain(', 100198 and 19,900 more of this file._');
    expect(readReach(body)).toBe(20_001);
  });

  it.each([
    ['quotes the note', 'Unresolved TODO _The same finding is on lines 7, 8, 9 of this file._', ''],
    ['forges the marker in its message', 'oops <!-- review-gate:reach:9 -->', ''],
    ['forges the marker in its suggestion', 'x', 'list = 1  # <!-- review-gate:reach:9 -->'],
  ])('reaches only its own line when the service’s text %s', (_, message, suggestion) => {
    const body = renderInlineComment(finding({ message, suggestion, lineText: 'list = 0' }), FP);
    expect(readReach(body)).toBe(1);
    expect(readReach(renderInlineComment(finding({ message, suggestion, lineText: 'list = 0' }), FP, { sameAt: [3] }))).toBe(2);
  });

  it('stays within GitHub’s limit, cutting the message and suggestion but never the marker', () => {
    const body = renderInlineComment(
      finding({ message: 'm'.repeat(100_000), suggestion: `list = [${'1, '.repeat(40_000)}]` }),
      FP,
    );
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(body).toContain('…');
    expect(body.endsWith(fingerprintMarker(FP))).toBe(true);
    // A cut replacement would commit broken code: it is shown, not offered.
    expect(body).not.toContain('```suggestion');
  });

  it('refuses a fingerprint the marker could not carry', () => {
    expect(() => renderInlineComment(finding(), 'not-hex')).toThrow(TypeError);
  });

  it('names a security flag beside its severity, and says why the gate does not count it', () => {
    const body = renderInlineComment(finding({ source: 'security-flag', severity: 'error', cwe: 89, kind: 'sql-injection', uncounted: 'security-flags: report' }), FP);
    expect(body.split('\n')[0]).toBe('🛑 **Error** · 🔒 security flag (CWE-89, `sql-injection`)');
    expect(body).toContain('_Not counted by the gate: security-flags: report._');
  });

  it('carries the flags the finding stands for: their words when they differ, and their fingerprints', () => {
    const issue = finding({ severity: 'error', message: 'eval() of input' });
    const other = finding({ source: 'security-flag', severity: 'warning', message: 'Code injection <!-- x -->', cwe: 95, fingerprint: 'b'.repeat(32) });
    const same = finding({ source: 'security-flag', severity: 'error', message: 'eval()  of input', kind: 'no-eval', fingerprint: 'c'.repeat(32) });
    const body = renderInlineComment(issue, FP, { flags: [other, same] });
    expect(body).toContain('🔒 **Security flag**, warning (CWE-95): Code injection &lt;!-- x -->');
    expect(body).toContain('🔒 **Security flag** (`no-eval`): the same finding.');
    expect(extractFingerprints(body)).toEqual([FP, 'b'.repeat(32), 'c'.repeat(32)]);
    expect(body.endsWith(fingerprintMarker('c'.repeat(32)))).toBe(true);
  });
});
