/**
 * `min-score`, file by file. With `score-baseline: base` a modified or renamed file below
 * min-score fails only when it also scores below its version at the base commit: the pull request
 * is judged on what it changes, not on the legacy it touches. The base scores come in as data, so
 * the gate stays pure; a file without one (a new file, `score-baseline: none`) is judged on its
 * own score, and so is a file whose base version could not be scored (fail closed).
 */
import type { BaseScore } from '../domain/outcomes';
import { visiblePath } from '../safety/terminal';

export interface FileScore {
  path: string;
  score: number;
  /** The file's own min-score: the run's, or a policy rule's. */
  minScore: number;
}

export function scoreEffect(
  scores: readonly FileScore[],
  baselines: ReadonlyMap<string, BaseScore> = new Map(),
): { reasons: Array<{ text: string; paths: string[] }>; notices: string[] } {
  const reasons: Array<{ text: string; paths: string[] }> = [];
  const notices: string[] = [];
  for (const { path, score, minScore } of scores) {
    if (score >= minScore) continue;
    const base = baselines.get(path);
    const fails = (text: string): void => {
      reasons.push({ text, paths: [path] });
    };
    const below = `quality score ${score} of ${visiblePath(path)} is below min-score ${minScore}`;
    if (base === undefined) fails(below);
    else if (base.kind === 'unavailable') {
      fails(`${below}, and its base version could not be scored (${base.reason}), so it is judged on its own score (score-baseline: base)`);
    } else if (score < base.score) {
      fails(`${below} and below its base version's ${base.score} (${base.score} → ${score}, score-baseline: base)`);
    } else {
      notices.push(`${below} but not below its base version's ${base.score} (${base.score} → ${score}), so it passes (score-baseline: base)`);
    }
  }
  return { reasons, notices };
}
