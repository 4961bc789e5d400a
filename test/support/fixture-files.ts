/** Files of a pull-request fixture (test/doubles/run-action.ts), as GitHub lists them. */
import type { PullRequestFixture } from '../doubles/run-action';

export type FixtureFile = PullRequestFixture['files'][number];

/** A text file the pull request adds, as GitHub lists it: every line added. */
export function added(filename: string, content: string): FixtureFile {
  const lines = content.replace(/\n$/, '').split('\n');
  const patch = [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n');
  return { filename, status: 'added', content, patch, additions: lines.length };
}
