/**
 * End to end: the reports the bundled `review-gate` (dist/cli/index.js) writes for other tools,
 * on a temporary git repository: SARIF with security severity and CWE tags for code scanning.
 * Answers come from the simulator's `answer` fault.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from './bundled';
import type { TempRepo } from './bundled';

let simulator: RunningSimulator;
let repo: TempRepo;

beforeAll(assertBuilt);
beforeEach(async () => {
  simulator = await startSimulator();
  repo = tempRepo();
});
afterEach(async () => {
  await simulator.close();
  repo.remove();
});

const reviewGate = (args: string[]) => runCliBundle(args, { cwd: repo.dir, env: serviceEnv(simulator.url) });

/** app.py on main; the working tree adds lines 3 to 5, none of which a simulator rule flags. */
function change(): void {
  repo.write('app.py', 'def total(xs):\n    return sum(xs)\n');
  repo.commit('base');
  repo.write('app.py', 'def total(xs):\n    return sum(xs)\n\ndef query(db, name):\n    return db.execute("SELECT 1 WHERE n = " + name)\n');
}

/** The next run's one review answer, patched. */
function answer(patch: Record<string, unknown>): void {
  simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review' });
}

const SQL_FLAG = { type: 'sql-injection', cwe: 89, line: 5, severity: 'error', description: 'Query built from a parameter.' };

interface SarifRun {
  tool: { driver: { rules: Array<{ id: string; properties: Record<string, unknown> }> } };
  results: Array<{ ruleId: string; level: string; properties: { tags?: string[]; 'security-severity'?: string } }>;
}

describe('SARIF from the terminal', () => {
  it('gives a flag its security severity and CWE tag, valid against the 2.1.0 schema, in --format sarif and --sarif-file', async () => {
    change();
    answer({ security_flags: [SQL_FLAG] });
    const run = await reviewGate(['--format', 'sarif', '--sarif-file', 'out.sarif']);
    expect(run.code).toBe(1);
    for (const text of [run.out, readFileSync(join(repo.dir, 'out.sarif'), 'utf8')]) {
      expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
      expect(codeScanningProblems(text)).toEqual([]);
      const sarif = (JSON.parse(text) as { runs: SarifRun[] }).runs[0];
      expect(sarif?.results.map((r) => r.properties)).toEqual([expect.objectContaining({ 'security-severity': '8.0', tags: ['security', 'external/cwe/cwe-89'] })]);
      expect(sarif?.tool.driver.rules[0]?.properties).toMatchObject({ 'security-severity': '8.0', tags: ['review-gate', 'security', 'external/cwe/cwe-89'] });
    }
  });
});
