/**
 * Timers a test fires by hand, in place of the service client's real ones (its `startTimer`
 * option): the attempt's deadline, a stream's quiet spell.
 */
export function handTimers() {
  const running = new Set<{ ms: number; fire: () => void }>();
  return {
    start: (ms: number, fire: () => void): (() => void) => {
      const timer = { ms, fire };
      running.add(timer);
      return () => void running.delete(timer);
    },
    /** The duration of each timer still running, in the order they started. */
    running: (): number[] => [...running].map((timer) => timer.ms),
    fireAll: (): void => {
      for (const timer of [...running]) {
        running.delete(timer);
        timer.fire();
      }
    },
  };
}
