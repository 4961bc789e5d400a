/**
 * The paths whose tree entries ride along with the content queries (blob-batches.ts): each path
 * is asked once, waits for a query with room for it, and is answered by that query — or sent to
 * REST once GraphQL cannot say (api/tree-entries.ts reads both ways).
 */
import { ENTRIES_PER_QUERY } from './tree-entries';
import type { EntryOutcome } from './tree-entries';

/** A path waiting for its query, and how to answer it. */
export interface EntryAsk {
  path: string;
  settle(outcome: EntryOutcome): void;
}

export class EntryAsks {
  /** Each path asked about, answered or not: a path is asked at most once. */
  private readonly asked = new Map<string, Promise<EntryOutcome>>();
  /** Paths not yet in a query, in the order they were asked. */
  private waiting: EntryAsk[] = [];
  /** Set once a query with paths got no answer: paths are no longer asked in queries. */
  private off: string | undefined;

  /** What GraphQL says `path` holds: asked in a later query, or at once to REST when queries no longer ask paths. */
  ask(path: string): Promise<EntryOutcome> {
    let found = this.asked.get(path);
    if (found === undefined) {
      const off = this.off;
      found = new Promise<EntryOutcome>((settle) => (off === undefined ? this.waiting.push({ path, settle }) : settle({ kind: 'rest', why: off })));
      this.asked.set(path, found);
    }
    return found;
  }

  /** Whether some path waits for a query. */
  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** The paths the next query asks, taken off the waiting list. */
  next(): EntryAsk[] {
    return this.waiting.splice(0, ENTRIES_PER_QUERY);
  }

  /** Every waiting path is read through REST, for `why`. */
  refuseWaiting(why: string): void {
    for (const ask of this.waiting.splice(0)) ask.settle({ kind: 'rest', why });
  }

  /** Queries stop asking paths: those waiting and those asked later are read through REST, for `why`. */
  stop(why: string): void {
    this.off = why;
    this.refuseWaiting(why);
  }
}
