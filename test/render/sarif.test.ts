/**
 * The SARIF writer: valid against the SARIF 2.1.0 schema, one rule per kind of finding, the
 * comments' fingerprint in partialFingerprints, and GitHub's upload limits kept.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { SARIF_FINGERPRINT_KEY, SARIF_LIMITS, kindOf, renderSarif, ruleIdOf } from '../../src/render/sarif';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { LabelledFinding } from '../../src/domain/findings';
import { finding } from '../support/findings';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}
interface SarifRun {
  tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string } }> } };
  results: SarifResult[];
  invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications: Array<{ level: string; message: { text: string } }> }>;
}
interface SarifLog {
  version: string;
  runs: SarifRun[];
}

function sarifOf(findings: LabelledFinding[], outcomes: FileOutcome[] = [], options: { gzipBytes?: number; maxResults?: number } = {}) {
  const rendering = renderSarif({ findings, outcomes }, { ...options });
  const log = JSON.parse(rendering.text) as SarifLog;
  return { rendering, log, run: log.runs[0] as SarifRun };
}
const where = (r: SarifResult) => r.locations[0]?.physicalLocation;

describe('SARIF for code scanning', () => {
  const findings = [
    finding({ path: 'src/app.py', line: 6, severity: 'error', message: 'eval() runs arbitrary code.', suggestion: 'ast.literal_eval(rule)', lineText: '    return eval(rule)' }),
    finding({ path: 'src/app.py', line: 9, severity: 'warning', message: 'Line is 130 characters long (limit 100).', location: 'outside-diff' }),
    finding({ path: 'web/x y.js', line: 3, severity: 'warning', message: 'Line is 141 characters long (limit 100).' }),
    finding({ path: 'web/x y.js', line: 4, severity: 'info', message: 'console.log left in the code.' }),
    finding({ path: 'src/app.py', line: 0, severity: 'error', message: 'Hard-coded secret.', location: 'impossible-line', reportedSeverity: 'CRITICAL' }),
  ];

  it('is valid against the SARIF 2.1.0 JSON schema and meets upload-sarif\'s required fields', () => {
    const { rendering, log } = sarifOf(findings, [{ kind: 'failed', path: 'big.py', reason: 'not reviewed: too large' }]);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(codeScanningProblems(rendering.text)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
  });

  it('has one rule per kind of finding: the message with its numbers as N', () => {
    const { run } = sarifOf(findings);
    const rules = run.tool.driver.rules;
    // In the order of first use, results being most severe first.
    expect(rules.map((r) => r.shortDescription.text)).toEqual([
      'Hard-coded secret.',
      'eval() runs arbitrary code.',
      'Line is N characters long (limit N).',
      'console.log left in the code.',
    ]);
    const results = run.results;
    const longLines = results.filter((r) => String(r.message.text).startsWith('Line is'));
    expect(new Set(longLines.map((r) => r.ruleId))).toEqual(new Set([ruleIdOf(kindOf('Line is 130 characters long (limit 100).'))]));
    expect(longLines[0]?.ruleId).toMatch(/^review-gate\/line-is-n-characters-long-[0-9a-f]{8}$/);
    for (const result of results) expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
  });

  it('maps severity to level, most severe first, with a repository-relative uri and the line', () => {
    const { run } = sarifOf(findings);
    expect(run.results.map((r) => [r.level, where(r)?.artifactLocation.uri, where(r)?.region.startLine])).toEqual([
      ['error', 'src/app.py', 1],
      ['error', 'src/app.py', 6],
      ['warning', 'src/app.py', 9],
      ['warning', 'web/x%20y.js', 3],
      ['note', 'web/x%20y.js', 4],
    ]);
  });

  it('carries the inline comments\' line-independent fingerprint, the suggestion and what could not be placed', () => {
    const { run } = sarifOf(findings);
    const results = run.results;
    const evalResult = results.find((r) => where(r)?.region.startLine === 6) as SarifResult;
    expect(evalResult.partialFingerprints).toEqual({ [SARIF_FINGERPRINT_KEY]: findingFingerprint(findings[0] as LabelledFinding) });
    expect(evalResult.message.text).toBe('eval() runs arbitrary code.\n\nSuggestion: ast.literal_eval(rule)');
    expect(evalResult.properties).toEqual({ location: 'added-line', countsTowardGate: true, source: 'issue', failsTheCheck: true });
    const unplaced = results[0] as SarifResult;
    expect(unplaced.message.text).toContain('The service named line 0, which the file does not have; shown at line 1.');
    expect(unplaced.message.text).toContain('Reported with severity "CRITICAL", counted as error.');
  });

  it('keeps the fingerprint when a push only moves the line', () => {
    const moved = { ...(findings[0] as LabelledFinding), line: 40 };
    const before = sarifOf([findings[0] as LabelledFinding]).run.results[0]?.partialFingerprints;
    const after = sarifOf([moved]).run.results[0]?.partialFingerprints;
    expect(after).toEqual(before);
  });

  it('removes controls and bidi overrides from the service\'s text', () => {
    const { run } = sarifOf([finding({ message: 'abc\u202Edef\u001b[31m', suggestion: '' })]);
    expect(run.results[0]?.message.text).toBe('abcdef');
  });

  it('reports files not reviewed in the invocation, which is then not successful', () => {
    const { run } = sarifOf([], [{ kind: 'failed', path: 'big.py', reason: 'not reviewed: too large' }]);
    expect(run.invocations).toEqual([
      { executionSuccessful: false, toolExecutionNotifications: [{ level: 'warning', message: { text: 'big.py: not reviewed: too large' } }] },
    ]);
    expect(run.results).toEqual([]);
  });

  it('keeps at most 25,000 results, the most severe, and says how many were left out', () => {
    const many = Array.from({ length: 30_000 }, (_, i) =>
      finding({ path: `src/f${i % 50}.py`, line: i + 1, severity: i % 3 === 0 ? 'error' : 'info', message: `Issue kind ${i % 7}` }),
    );
    const { rendering, run } = sarifOf(many);
    expect(rendering.results).toBe(SARIF_LIMITS.resultsPerRun);
    expect(rendering.leftOut).toBe(5_000);
    expect(run.results.filter((r) => r.level === 'error')).toHaveLength(10_000);
    expect(run.invocations[0]?.toolExecutionNotifications[0]?.message.text).toMatch(/^5000 less severe findings were left out/);
    expect(codeScanningProblems(rendering.text)).toEqual([]);
  });

  it('stays under the gzipped size limit by leaving out the least severe results', () => {
    const noisy = Array.from({ length: 400 }, (_, i) =>
      finding({ line: i + 1, severity: i < 100 ? 'error' : 'warning', message: `m${i} ${Math.random().toString(36).repeat(20)}` }),
    );
    const limit = 20_000;
    const { rendering, run } = sarifOf(noisy, [], { gzipBytes: limit });
    expect(rendering.leftOut).toBeGreaterThan(0);
    expect(rendering.results + rendering.leftOut).toBe(400);
    expect(gzipSync(rendering.text).length).toBeLessThanOrEqual(limit);
    expect(run.results.slice(0, 100).every((r) => r.level === 'error')).toBe(true);
  });

  describe('security alerts', () => {
    const flag = finding({ source: 'security-flag', security: true, path: 'src/db.py', line: 4, severity: 'error', message: 'SQL from input', kind: 'sql-injection', cwe: 89 });

    it('gives a security flag its security severity and CWE tag, on the result and on its rule', () => {
      const { run } = sarifOf([flag]);
      const [result] = run.results;
      expect(result?.properties).toMatchObject({ source: 'security-flag', 'security-severity': '8.0', tags: ['security', 'external/cwe/cwe-89'] });
      expect(result?.message.text).toBe('SQL from input\n\nReported as a security flag (CWE-89, sql-injection).');
      expect(run.tool.driver.rules[0]).toMatchObject({
        id: ruleIdOf('Security flag: sql-injection'),
        shortDescription: { text: 'Security flag: sql-injection' },
        properties: { tags: ['review-gate', 'security', 'external/cwe/cwe-89'], 'security-severity': '8.0' },
      });
    });

    it('maps the severities to 8.0, 5.0 and 2.0, a rule taking its most severe result\'s, and leaves other findings without them', () => {
      const same = { source: 'security-flag' as const, security: true as const, kind: 'xss', path: 'a.js' };
      const { run } = sarifOf([
        finding({ ...same, line: 1, severity: 'info', message: 'i', cwe: 79 }),
        finding({ ...same, line: 2, severity: 'warning', message: 'w', cwe: 80 }),
        finding({ path: 'a.js', line: 3, severity: 'error', message: 'plain' }),
      ]);
      expect(run.results.map((r) => [r.level, r.properties['security-severity'] ?? null])).toEqual([['error', null], ['warning', '5.0'], ['note', '2.0']]);
      const xss = run.tool.driver.rules.find((r) => r.id === ruleIdOf('Security flag: xss')) as unknown as { properties: unknown };
      expect(xss.properties).toEqual({ tags: ['review-gate', 'security', 'external/cwe/cwe-80', 'external/cwe/cwe-79'], 'security-severity': '5.0' });
      expect((run.tool.driver.rules.find((r) => r.id === ruleIdOf('plain')) as unknown as { properties: unknown }).properties).toEqual({ tags: ['review-gate'] });
    });

    it('puts a security finding before a plain one of the same severity, so the top results code scanning keeps are the ones that matter', () => {
      const plain = finding({ path: 'a.py', line: 1, severity: 'warning', message: 'plain' });
      const secure = finding({ path: 'z.py', line: 9, severity: 'warning', message: 'secure', security: true });
      const { run } = sarifOf([plain, secure], [], { maxResults: 1 });
      expect(run.results.map((r) => r.message.text)).toEqual(['secure']);
    });

    it('gives an issue and the flag it stands for a result each: the issue names the flag, the flag keeps its own severity and CWE', () => {
      const issue = finding({ path: 'src/db.py', line: 4, severity: 'error', message: 'String-built SQL', security: true, cwe: 89 });
      const carried = { ...flag, severity: 'warning' as const, sameAs: issue.fingerprint, counts: false, uncounted: 'the error issue on this line stands for it, in one comment' };
      const { run } = sarifOf([issue, carried]);
      expect(run.results).toHaveLength(2);
      expect(run.results[0]?.message.text).toBe('String-built SQL\n\nAlso a security flag (CWE-89, sql-injection): SQL from input');
      expect(run.results[0]?.properties).toMatchObject({ source: 'issue', 'security-severity': '8.0', tags: ['security', 'external/cwe/cwe-89'] });
      expect(run.results[1]?.level).toBe('warning');
      expect(run.results[1]?.message.text).toContain('Not counted by the gate: the error issue on this line stands for it, in one comment.');
      expect(run.results[1]?.properties).toMatchObject({
        source: 'security-flag', countsTowardGate: false, failsTheCheck: false, 'security-severity': '5.0', tags: ['security', 'external/cwe/cwe-89'],
        whyNotFailing: 'the error issue on this line stands for it, in one comment',
      });
    });
  });
});

