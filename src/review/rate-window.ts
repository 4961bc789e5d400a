/**
 * Pacing learned from the service's rate limit. The service says neither its limit nor its window
 * (the reference names no rate-limit headers), only `retry_after` on a 429. A fast service fills
 * its window long before any request comes back, so a limit on requests in flight alone cannot
 * keep the queue under it: each window would end in a burst of 429s.
 *
 * So the first 429 teaches two numbers: the budget, how many requests the window took (those that
 * started in it before the refused one), and the window, from its first start to the moment the
 * service lets requests in again (elapsed + `retry_after`, an upper bound since `retry_after` is
 * whole seconds). From then on at most `budget` requests start per window, and the queue waits
 * for the next window instead of drawing another 429. A later 429 teaches again; two windows in a
 * row that use their whole budget without one raise the budget by a quarter (at least one), in
 * case it was learned while another job shared the key.
 */
export interface WindowTicket {
  readonly window: number;
  /** 1 for the first start of its window. */
  readonly sequence: number;
}

export interface LearnedRate {
  budget: number;
  windowMs: number;
}

export class RateWindow {
  private learned: LearnedRate | undefined;
  private window = 0;
  private windowStart: number | undefined;
  private started = 0;
  private fullWindows = 0;

  /** What was learned so far, if anything. */
  get rate(): LearnedRate | undefined {
    return this.learned === undefined ? undefined : { ...this.learned };
  }

  /** Milliseconds to wait before the next request may start (0: now). */
  delay(now: number): number {
    const { learned, windowStart } = this;
    if (learned === undefined || windowStart === undefined) return 0;
    if (now >= windowStart + learned.windowMs) {
      this.fullWindows = this.started >= learned.budget ? this.fullWindows + 1 : 0;
      if (this.fullWindows >= 2) {
        learned.budget += Math.max(1, Math.floor(learned.budget / 4));
        this.fullWindows = 0;
      }
      this.nextWindow(undefined);
      return 0;
    }
    return this.started < learned.budget ? 0 : windowStart + learned.windowMs - now;
  }

  /** Records a start; the ticket goes back with the answer. */
  start(now: number): WindowTicket {
    this.windowStart ??= now;
    this.started += 1;
    return { window: this.window, sequence: this.started };
  }

  /**
   * A 429 with `retry_after` (ms) for the request holding `ticket`, answered at `now`. Only the
   * first refusal of a window teaches: the others were sent before anyone knew.
   */
  refused(ticket: WindowTicket, now: number, retryAfterMs: number): void {
    if (ticket.window !== this.window) return;
    // Refused at the window's first request: the window was full before this run (another job on
    // the key, or an earlier run); that says nothing about its size, so only the pause applies.
    if (ticket.sequence > 1) {
      const elapsed = this.windowStart === undefined ? 0 : now - this.windowStart;
      this.learned = { budget: ticket.sequence - 1, windowMs: Math.max(1, elapsed + retryAfterMs) };
      this.fullWindows = 0;
    }
    // The next window opens when the service lets requests in again.
    this.nextWindow(now + retryAfterMs);
  }

  private nextWindow(start: number | undefined): void {
    this.window += 1;
    this.windowStart = start;
    this.started = 0;
  }
}
