/**
 * Turns in a fixed order: task i may start once task i - 1 has taken its turn (started, or ended
 * without starting). The review queue uses it so first attempts go out in the files' order,
 * whatever order their reads finish in. Tasks may keep coming (files listed while others are
 * reviewed): a turn is made when it is first named.
 */
export interface Turns {
  /** Resolves when task `index` may start, or at once when `stop` aborts. */
  waitFor(index: number): Promise<void>;
  /** Task `index` has taken its turn; later calls change nothing. */
  pass(index: number): void;
}

export function createTurns(stop: AbortSignal): Turns {
  const passed: Array<{ done: Promise<void>; pass: () => void }> = [];
  const turn = (index: number): { done: Promise<void>; pass: () => void } => {
    while (passed.length <= index) {
      let pass = (): void => {};
      const done = new Promise<void>((resolve) => {
        pass = resolve;
      });
      passed.push({ done, pass });
    }
    return passed[index] as { done: Promise<void>; pass: () => void };
  };
  const stopped = new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    else stop.addEventListener('abort', () => resolve(), { once: true });
  });
  return {
    waitFor: async (index) => {
      if (index > 0) await Promise.race([turn(index - 1).done, stopped]);
    },
    pass: (index) => turn(index).pass(),
  };
}
