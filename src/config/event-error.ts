/** The event names nothing this run can review, or names it in a way it refuses: the message says which and why. */
export class EventError extends Error {
  override readonly name = 'EventError' as const;
}
