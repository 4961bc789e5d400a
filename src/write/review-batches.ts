/**
 * The reviews one `postReview` sends, and what landed of them. Each planned batch goes out as one
 * review (the usual case: one request). When GitHub refuses a batch with its 422, probes find the
 * comments it cannot place (isolate-refused.ts); those are left out and the accepted rest is sent
 * again. When no comment could be placed, the body lands on its own: it still carries the findings.
 */
import type { PlannedComment, PostReviewResult } from '../domain/writes';
import { GitHubApiError, describePr } from '../github/errors';
import { isolateRefused } from './isolate-refused';
import { createProber } from './pending-reviews';
import type { Prober, ReviewTarget } from './pending-reviews';
import { sendReview } from './review-poster';
import type { ReviewPosterContext, SentReview } from './review-poster';

/** Body of the reviews after the first: GitHub requires a body on a COMMENT review. */
export const CONTINUATION_BODY = 'More inline comments from review-gate for the same commit.';

/** Body of the first review when the caller's is blank (GitHub refuses a blank one). */
const DEFAULT_BODY = 'Inline comments from review-gate.';

type ReadOnly = Extract<PostReviewResult, { kind: 'read-only' }>;

export interface ReviewBatchOptions {
  /** The caller's body: the first review carries it. */
  body: string;
  /** Probes (pending reviews) all the batches may use to find the comments GitHub refuses. */
  isolationBudget: number;
  /** Fingerprint → link of its comment, for the job summary: what lands is added. */
  links: Map<string, string>;
  /** Fingerprint → id of the review carrying it, for our inline comments on the pull request now. */
  listFingerprints: ReviewPosterContext['listFingerprints'];
}

export class ReviewBatches {
  /** Comments that landed, and those a racing run had posted already (found settling a lost answer). */
  readonly posted: PlannedComment[] = [];
  /** Comments GitHub would not place, and those left unprobed once the budget ran out. */
  readonly rejected: PlannedComment[] = [];
  /** Reviews this run published, so comments deleted as duplicates can be told apart. */
  readonly ownReviews = new Set<number>();
  private landed = 0;
  private firstUrl: string | undefined;
  private probesMade = 0;
  private readonly prober: Prober;
  private readonly poster: ReviewPosterContext;

  constructor(
    target: ReviewTarget,
    private readonly options: ReviewBatchOptions,
  ) {
    this.prober = createProber(target);
    this.poster = { ...target, prober: this.prober, listFingerprints: options.listFingerprints };
  }

  /** The link of the first review, the one carrying the caller's body. */
  get reviewUrl(): string | undefined {
    return this.firstUrl;
  }

  /** Probes made to isolate refused comments. */
  get probes(): number {
    return this.probesMade;
  }

  /** Sends every batch; the read-only answer when the token cannot write, else undefined. */
  async sendAll(batches: readonly PlannedComment[][]): Promise<ReadOnly | undefined> {
    try {
      for (const batch of batches) {
        const readOnly = await this.sendBatch(batch);
        if (readOnly !== undefined) return readOnly;
      }
      if (this.landed === 0 && this.options.body.trim() !== '') {
        const bodyOnly = await this.send([]);
        if (bodyOnly.kind === 'read-only') return bodyOnly;
        if (bodyOnly.kind === 'refused') throw new GitHubApiError(`Posting a review on ${describePr(this.poster.pr)}`, bodyOnly.error);
      }
      return undefined;
    } finally {
      await this.prober.cleanUp();
    }
  }

  /** One batch: published at once when GitHub takes it all, else its refused comments left out. */
  private async sendBatch(batch: PlannedComment[]): Promise<ReadOnly | undefined> {
    const whole = await this.send(batch);
    if (whole.kind === 'read-only') return whole;
    if (whole.kind === 'landed') return undefined;
    const isolated = await isolateRefused(batch, this.prober, { limit: this.options.isolationBudget, spent: this.probesMade }, this.poster.log);
    this.probesMade += isolated.probes;
    this.rejected.push(...isolated.refused);
    if (isolated.accepted.length === 0) return undefined;
    const second = await this.send(isolated.accepted);
    if (second.kind === 'read-only') return second;
    if (second.kind === 'refused') {
      throw new GitHubApiError(`Posting the ${isolated.accepted.length} comment(s) GitHub accepted as a pending review on ${describePr(this.poster.pr)}`, second.error);
    }
    return undefined;
  }

  /** One review sent, what landed added up: the first carries the caller's body. */
  private async send(batch: PlannedComment[]): Promise<SentReview> {
    const first = this.landed === 0;
    const body = first ? (this.options.body.trim() === '' ? DEFAULT_BODY : this.options.body) : CONTINUATION_BODY;
    const sent = await sendReview(this.poster, { body, comments: batch, first });
    if (sent.kind === 'read-only') return sent;
    this.posted.push(...sent.racedIn);
    if (sent.kind === 'landed') {
      if (first) this.firstUrl = sent.url;
      this.landed++;
      this.posted.push(...sent.comments);
      if (sent.url !== undefined) for (const comment of sent.comments) this.options.links.set(comment.fingerprint, sent.url);
      if (sent.reviewId !== undefined) this.ownReviews.add(sent.reviewId);
    }
    return sent;
  }
}
