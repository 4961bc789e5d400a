/**
 * `score-baseline: base`: the score of a file's version at the base commit, for each modified or
 * renamed file whose head score is below min-score — one more review request per such file, and
 * only for those. The base versions go through the same review stage as the head files (queue,
 * retry_after pauses, the run's deadline), read through the source's `readBaseFile`. The gate
 * gets the scores as data and decides; nothing here judges.
 */
import { candidateLanguage } from '../collect/select';
import type { Settings } from '../config/settings';
import type { BaseScore, FileOutcome } from '../domain/outcomes';
import type { FocusArea } from '../domain/vocabulary';
import type { ChangedFile, CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import { reviewFiles } from './review-files';
import type { ReviewDeps } from './review-files';

/** Statuses whose file has a version at the base commit to compare with. */
const HAS_BASE_VERSION: ReadonlySet<ChangedFile['status']> = new Set(['modified', 'renamed']);

export interface Baselines {
  /** Head path → the base version's score, or why there is none. */
  scores: Map<string, BaseScore>;
  tokensUsed: number;
}

/** The head files that need their base version scored. */
export function needingBaseline(
  candidates: readonly ReviewCandidate[],
  outcomes: readonly FileOutcome[],
  settings: Pick<Settings, 'scoreBaseline' | 'minScore'>,
  /** Each file's own min-score (the policy's rules may give a path its own). */
  minScoreOf: (path: string) => number = () => settings.minScore,
): ChangedFile[] {
  if (settings.scoreBaseline !== 'base') return [];
  const below = new Set(outcomes.flatMap((o) => (o.kind === 'reviewed' && o.score < minScoreOf(o.path) ? [o.path] : [])));
  return candidates.map((c) => c.file).filter((file) => HAS_BASE_VERSION.has(file.status) && below.has(file.path));
}

export async function reviewBaselines(
  files: readonly ChangedFile[],
  settings: Settings,
  pr: CommitRef,
  deps: ReviewDeps,
  deadlineAt: number,
  /** The head file's focus areas: its base version is asked the same, so the two scores compare. */
  focusAreasOf: (head: ChangedFile) => readonly FocusArea[] = () => settings.focusAreas,
): Promise<Baselines> {
  const scores = new Map<string, BaseScore>();
  if (files.length === 0) return { scores, tokensUsed: 0 };
  const { source } = deps;
  const readBaseFile = source.readBaseFile?.bind(source);
  const candidates: ReviewCandidate[] = [];
  /** Base candidate → the head file it stands for. */
  const headOf = new Map<ChangedFile, ChangedFile>();
  for (const head of files) {
    const basePath = head.previousPath ?? head.path;
    const language = candidateLanguage(basePath);
    if (readBaseFile === undefined) scores.set(head.path, { kind: 'unavailable', reason: 'this source cannot read the base commit' });
    else if (language === undefined) scores.set(head.path, { kind: 'unavailable', reason: `its base path ${basePath} is in no supported language` });
    else {
      // No patch, and no finding located (see below): only the base version's score counts.
      const file: ChangedFile = { path: basePath, status: 'modified', additions: 0, deletions: 0 };
      headOf.set(file, head);
      candidates.push({ file, language });
    }
  }
  if (readBaseFile === undefined || candidates.length === 0) return { scores, tokensUsed: 0 };

  // LFS contents are named by their SHA-256, whatever the commit: a base version's pointer is read
  // as the head's. What a base path holds is not asked: a base version that is a link is read as
  // its target path, and scores as such.
  const baseSource: PullRequestSource = {
    listChangedFiles: (ref) => source.listChangedFiles(ref),
    readFile: (ref, file, options) => readBaseFile(ref, file, options),
    willRead: (ref, files, options) => source.willRead?.(ref, files, { ...options, base: true }),
    ...(source.lfs === undefined ? {} : { lfs: source.lfs }),
  };
  const log = deps.log;
  const reviewed = await reviewFiles(candidates, settings, pr, {
    ...deps,
    source: baseSource,
    log: { ...log, group: (name, run) => log.group(`${name} at the base commit (score-baseline: base)`, run) },
  }, deadlineAt, () => ({ findings: [] }), (file) => {
    const head = headOf.get(file);
    return head === undefined ? settings.focusAreas : focusAreasOf(head);
  });
  reviewed.outcomes.forEach((outcome, i) => {
    const candidate = candidates[i];
    const head = candidate === undefined ? undefined : headOf.get(candidate.file);
    if (head === undefined) return;
    scores.set(head.path, outcome.kind === 'reviewed'
      ? { kind: 'scored', score: outcome.score }
      // The review stage words its reasons for head files.
      : { kind: 'unavailable', reason: outcome.reason.replace('the head commit', 'the base commit') });
  });
  return { scores, tokensUsed: reviewed.tokensUsed };
}
