/**
 * Pacing learned from the service's rate limit. The service says neither its limit nor its window
 * (the reference names no rate-limit headers), only `retry_after` on a 429. A fast service fills
 * its window long before any request comes back, so a limit on requests in flight alone cannot
 * keep the queue under it: each window would end in a burst of 429s.
 *
 * So the first 429 teaches two numbers. The budget: how many requests got in before the refused
 * one (since the run began, or since the last lesson). The window: from the first of those to the
 * refused request's start, plus `retry_after` (an upper bound: `retry_after` is whole seconds).
 * From then on the queue keeps its own sliding window, as the service does: a request starts only
 * when fewer than `budget` started in the last `window`, else the queue waits instead of drawing
 * another 429. A later 429 teaches the budget again (what the last window held). Four times in a
 * row that the budget holds the queue back without a 429 raise it by a quarter (at least one), in
 * case it was learned while another job shared the key.
 *
 * A run may start from the pace an earlier run learned (stored with the result cache,
 * pace-store.ts): then its first window holds no burst to learn from, and a 429 corrects it.
 */
export interface WindowTicket {
  /** The lesson the start belongs to: refusals of starts before the last lesson teach nothing. */
  readonly lesson: number;
  /** 1 for the first start since the last lesson. */
  readonly sequence: number;
  readonly startedAt: number;
}

export interface LearnedRate {
  budget: number;
  windowMs: number;
}

/** Times the budget may hold the queue back before it is raised. */
const RAISE_AFTER = 4;

export class RateWindow {
  private learned: LearnedRate | undefined;
  private lesson = 0;
  private lessonStart: number | undefined;
  private sequence = 0;
  /** Start times, oldest first; trimmed to two learned windows. */
  private starts: number[] = [];
  private heldBack = 0;
  private lastHeldAt = Number.NEGATIVE_INFINITY;

  /** `start`: the pace to keep from the first request on (an earlier run's), if any. */
  constructor(start?: LearnedRate) {
    if (start !== undefined) this.learned = { budget: start.budget, windowMs: start.windowMs };
  }

  /** What was learned so far, if anything. */
  get rate(): LearnedRate | undefined {
    return this.learned === undefined ? undefined : { ...this.learned };
  }

  /** Milliseconds to wait before the next request may start (0: now). */
  delay(now: number): number {
    const { learned } = this;
    if (learned === undefined) return 0;
    this.trim(now);
    const recent = this.starts.filter((at) => at > now - learned.windowMs);
    if (recent.length < learned.budget) return 0;
    const wait = (recent[recent.length - learned.budget] as number) + learned.windowMs - now;
    // Several workers meet the same full window: it counts once.
    if (now >= this.lastHeldAt + learned.windowMs) {
      this.lastHeldAt = now;
      this.heldBack += 1;
      if (this.heldBack >= RAISE_AFTER) {
        learned.budget += Math.max(1, Math.floor(learned.budget / 4));
        this.heldBack = 0;
      }
    }
    return Math.max(1, wait);
  }

  /** Records a start; the ticket goes back with the answer. */
  start(now: number): WindowTicket {
    this.lessonStart ??= now;
    this.sequence += 1;
    this.starts.push(now);
    return { lesson: this.lesson, sequence: this.sequence, startedAt: now };
  }

  /**
   * A 429 with `retry_after` (ms) for the request holding `ticket`. Only the first refusal since
   * the last lesson teaches: the others were sent before anyone knew.
   */
  refused(ticket: WindowTicket, retryAfterMs: number): void {
    if (ticket.lesson !== this.lesson) return;
    if (this.learned === undefined) {
      // Refused at the first request: the window was full before this run (another job on the
      // key, or an earlier run); that says nothing about its size, so only the pause applies.
      if (ticket.sequence > 1) {
        const elapsed = ticket.startedAt - (this.lessonStart ?? ticket.startedAt);
        this.learned = { budget: ticket.sequence - 1, windowMs: Math.max(1, elapsed + retryAfterMs) };
      }
    } else {
      const { windowMs } = this.learned;
      const held = this.starts.filter((at) => at > ticket.startedAt - windowMs && at < ticket.startedAt).length;
      this.learned.budget = Math.max(1, held);
    }
    this.lesson += 1;
    this.lessonStart = undefined;
    this.sequence = 0;
    this.heldBack = 0;
  }

  /** Keeps two windows of starts: a refusal answered late still finds the window it was sent in. */
  private trim(now: number): void {
    const { learned } = this;
    if (learned === undefined) return;
    let drop = 0;
    while (drop < this.starts.length && (this.starts[drop] as number) <= now - 2 * learned.windowMs) drop += 1;
    if (drop > 0) this.starts = this.starts.slice(drop);
  }
}
