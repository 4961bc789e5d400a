/**
 * Turns in a fixed order: task i may start once task i - 1 has taken its turn (started, or ended
 * without starting). The review queue uses it so first attempts go out in the files' order,
 * whatever order their reads finish in.
 */
export interface Turns {
  /** Resolves when task `index` may start, or at once when `stop` aborts. */
  waitFor(index: number): Promise<void>;
  /** Task `index` has taken its turn; later calls change nothing. */
  pass(index: number): void;
}

export function createTurns(count: number, stop: AbortSignal): Turns {
  const passed = Array.from({ length: count }, () => {
    let pass = (): void => {};
    const done = new Promise<void>((resolve) => {
      pass = resolve;
    });
    return { done, pass };
  });
  const stopped = new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    else stop.addEventListener('abort', () => resolve(), { once: true });
  });
  return {
    waitFor: async (index) => {
      const before = passed[index - 1];
      if (before !== undefined) await Promise.race([before.done, stopped]);
    },
    pass: (index) => passed[index]?.pass(),
  };
}
