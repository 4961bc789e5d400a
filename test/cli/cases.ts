/**
 * What a topic's in-process test file and its bundled one (which keeps the runs where the process
 * itself is the point) both set up.
 */
import { completeRequest } from '../doubles/simulator';
import type { TempRepo } from './bundled';

/** src/app.py gains an eval() in the working tree, README.md a line: one error finding, one file skipped. */
export function failingChange(repo: TempRepo): void {
  repo.write('src/app.py', 'def total(xs):\n    return sum(xs)\n');
  repo.write('README.md', '# demo\n');
  repo.commit('base');
  repo.write('src/app.py', 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n');
  repo.write('README.md', '# demo, changed\n');
}

export const POLICY = '.github/review-gate.yml';

/** main holds `policy`; the branch adds a file with one warning (score 95) and relaxes the policy, committed and on disk. */
export function branchWithPolicy(repo: TempRepo, policy: string): string {
  repo.write(POLICY, policy);
  repo.write('README.md', '# shop\n');
  const base = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('web/app.js', "export function run() {\n  console.log('running');\n}\n");
  repo.write(POLICY, 'min-score: 0\n');
  repo.commit('feature relaxes the policy');
  repo.write(POLICY, 'min-score: 0\nfail-on-severity: never\n');
  return base;
}

/** The simulator's text for this completion request, as its validation would default it. */
export function expectedCompletion(prompt: string, extra: { language?: 'python'; system?: string } = {}): string {
  return completeRequest({ prompt, model: 'service-1', maxTokens: 500, temperature: 0.2, stop: [], stream: false, ...extra }, 0).content;
}
