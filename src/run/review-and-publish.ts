/**
 * One review, published: the assembly both entries call (action/review-on-github.ts for each pull
 * request or merge group, cli/review.ts for the local changes). The order is the same for both:
 *
 * 1. the source of the changed files is opened (the action's first page of files is asked for
 *    while the rest starts; the terminal's comparison is resolved);
 * 2. the policy file at the base is read, and applied to the settings: the result is a new value,
 *    the settings in force, and everything after this step sees only that value;
 * 3. the pipeline runs to the verdict, with the dependencies built for the settings in force;
 * 4. every surface of the verdict is written (run/publish.ts), built for the settings in force.
 *
 * An entry brings what differs (where files and the policy come from, its review client, its
 * surfaces); it never calls the pipeline or the publisher itself. A run that stops before its
 * verdict tells the entry (`stopped`), so the action's check run can say why, and the source is
 * closed however the run ends.
 */
import type { Settings } from '../config/settings';
import type { Policy } from '../config/settings-types';
import type { PullRequestSource, ReviewTarget } from '../domain/pull-request';
import type { PublishedRun, RunReport } from '../domain/run-report';
import { applyPolicy } from '../config/policy/resolve';
import { runPipeline } from './pipeline';
import type { PipelineDeps } from './pipeline';
import { publishVerdict } from './publish';
import type { VerdictSurfaces } from './publish';

/** The changed files' source, open for one run. */
export interface OpenedSource {
  source: PullRequestSource;
  /** Where the files came from, said in the log once the review is done; absent: nothing to say. */
  describe?(): string;
  close(): Promise<void>;
}

/** What an entry brings to one review. Each is called once, in the order of the steps above. */
export interface ReviewAssembly<Opened extends OpenedSource> {
  openSource(): Promise<Opened>;
  /** The policy file at the change's base (undefined: there is none); throws PolicyError for an invalid one. */
  readPolicy(opened: Opened): Promise<Policy | undefined>;
  /** The pipeline's dependencies, but the source, for the settings in force. */
  pipelineDeps(inForce: Settings): Omit<PipelineDeps, 'source'>;
  /** Every surface of the verdict, for the settings in force (a promise: an entry may load its surfaces' code only now). */
  surfaces(inForce: Settings, report: RunReport): VerdictSurfaces | Promise<VerdictSurfaces>;
  /** Told, before the error goes on, when the run stops before its verdict. */
  stopped?(error: unknown): Promise<void>;
}

/** Reviews `target` under `settings` and the base's policy, then publishes the verdict everywhere. */
export async function reviewAndPublish<Opened extends OpenedSource>(settings: Settings, target: ReviewTarget, assembly: ReviewAssembly<Opened>): Promise<PublishedRun> {
  const { inForce, report } = await reviewUnderPolicy(settings, target, assembly);
  return publishVerdict(report, await assembly.surfaces(inForce, report));
}

async function reviewUnderPolicy<Opened extends OpenedSource>(
  settings: Settings,
  target: ReviewTarget,
  assembly: ReviewAssembly<Opened>,
): Promise<{ inForce: Settings; report: RunReport }> {
  let opened: Opened | undefined;
  try {
    opened = await assembly.openSource();
    const inForce = applyPolicy(settings, await assembly.readPolicy(opened));
    const deps = assembly.pipelineDeps(inForce);
    const report = await runPipeline(inForce, target, { ...deps, source: opened.source });
    const described = opened.describe?.();
    if (described !== undefined) deps.log.info(described);
    return { inForce, report };
  } catch (error) {
    await assembly.stopped?.(error);
    throw error;
  } finally {
    await opened?.close();
  }
}
