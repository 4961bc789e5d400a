/**
 * The pipeline on `files` added Python files whose reviews `answer` gives (by path and attempt),
 * on a virtual clock with no jitter: for tests of how the review stage meets a service that
 * fails in a given way. The log's lines are kept in order, warnings prefixed `WARN `.
 */
import { readSettings } from '../../src/config/settings';
import { runPipeline } from '../../src/run/pipeline';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewResult } from '../../src/service/types';
import type { ChangedFile } from '../../src/domain/pull-request';
import type { Logger } from '../../src/domain/logger';
import { createVirtualClock } from './virtual-clock';

export async function reviewWithAnswers(
  files: number,
  answer: (path: string, attempt: number) => Promise<ReviewResult>,
  inputs: Record<string, string>,
) {
  const clock = createVirtualClock();
  const lines: string[] = [];
  const log: Logger = { info: (m) => lines.push(m), warning: (m) => lines.push(`WARN ${m}`), group: (_n, body) => body() };
  const attempts: string[] = [];
  const paths = Array.from({ length: files }, (_, i) => `src/m${i}.py`);
  const settings = readSettings((name) => ({ 'api-key': 'svc_live_test_0000000000000000', ...inputs })[name] ?? '');
  const report = await runPipeline(settings, { owner: 'o', repo: 'r', number: 1, headSha: 'h' }, {
    source: {
      listChangedFiles: () =>
        Promise.resolve({
          files: paths.map((path): ChangedFile => ({ path, status: 'added', blobSha: path, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' })),
          truncated: false,
        }),
      readFile: () => Promise.resolve(Buffer.from('x = 1\n')),
    },
    reviewOnce: (_request, options) => {
      const path = options.path ?? '?';
      attempts.push(path);
      return answer(path, attempts.filter((p) => p === path).length);
    },
    publisher: undefined,
    clock,
    log,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, jitter: 0 },
  });
  return { report, lines, attempts, elapsedMs: clock.now() };
}
