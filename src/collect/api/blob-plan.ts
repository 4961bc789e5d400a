/**
 * The blobs planned for content queries (blob-batches.ts), in the order the reader will take them:
 * which are still to be sized or read, what the next query should ask, and how many bytes were
 * fetched ahead of the reader. A blob leaves the plan once every file that planned it took it, so
 * memory holds about one query's bytes at a time.
 */
import { isObjectName } from '../../domain/object-name';
import { BYTES_PER_QUERY } from './graphql-query';
import type { BlobName } from './graphql-query';
import type { AnsweredItem, BatchedBlob } from './blob-answers';

/** Blob texts per query at most. */
export const TEXTS_PER_QUERY = 100;
/** Sizes asked per query at most (each answer is a few bytes). */
const SIZES_PER_QUERY = 2 * TEXTS_PER_QUERY;

export interface BatchStats {
  queries: number;
  /** Blobs whose bytes came from a query. */
  fromQueries: number;
  /** Planned blobs handed back to be read through REST. */
  toRest: number;
}

export interface PlannedBlob extends AnsweredItem {
  name: BlobName;
  key: string;
  /** Planned and not yet taken, for files that share a blob. */
  refs: number;
  outcome?: BatchedBlob;
  settled: Promise<BatchedBlob>;
  settle(outcome: BatchedBlob): void;
  /** Every planned reference was taken: it leaves the plan once done. */
  taken: boolean;
  /** Someone waits for it: it is fetched whatever the reader's lead. */
  waited: boolean;
}

/** What one query asks: texts of sized blobs, and sizes of blobs to read in later queries. */
export interface QueryPick {
  texts: PlannedBlob[];
  sizes: PlannedBlob[];
}

const keyOf = (name: BlobName): string => ('oid' in name ? `oid:${name.oid}` : `expression:${name.expression}`);

export class BlobPlan {
  /** Every blob not yet taken, in plan order. */
  private readonly items: PlannedBlob[] = [];
  /** Blobs some planned file has not taken yet: a later plan of the same blob shares it. */
  private readonly byKey = new Map<string, PlannedBlob>();
  /** Bytes fetched and not yet taken: the reader's lead, kept to about one query's worth. */
  private held = 0;

  constructor(private readonly stats: BatchStats) {}

  /** Plans these blobs, each read at most once however many files share it. */
  add(names: readonly BlobName[], maxBytes: number): void {
    for (const name of names) {
      const key = keyOf(name);
      const known = this.byKey.get(key);
      if (known !== undefined) {
        known.refs += 1;
        continue;
      }
      if ('oid' in name && !isObjectName(name.oid)) continue;
      let settle: (outcome: BatchedBlob) => void = () => undefined;
      const settled = new Promise<BatchedBlob>((resolve) => {
        settle = resolve;
      });
      const item: PlannedBlob = { name, key, maxBytes, refs: 1, state: 'unsized', settled, settle, taken: false, waited: false };
      if ('oid' in name) item.oid = name.oid;
      this.items.push(item);
      this.byKey.set(key, item);
    }
  }

  /** One file takes a planned blob; undefined when it was never planned (or every planned file took it). */
  take(name: BlobName): PlannedBlob | undefined {
    const key = keyOf(name);
    const item = this.byKey.get(key);
    if (item === undefined) return undefined;
    item.refs -= 1;
    item.waited = true;
    if (item.refs <= 0) {
      // Every file that wanted it has it: later asks go through REST, and once done nothing here holds its bytes.
      this.byKey.delete(key);
      item.taken = true;
      if (item.state === 'done') {
        this.leave(item);
        if (item.outcome?.kind === 'bytes') this.held -= item.outcome.bytes.length;
        delete item.outcome;
      }
    }
    return item;
  }

  /** Settles a blob once; its bytes are held until taken. */
  finish(item: PlannedBlob, outcome: BatchedBlob): void {
    if (item.state === 'done') return;
    item.state = 'done';
    if (outcome.kind === 'bytes') this.stats.fromQueries += 1;
    if (outcome.kind === 'rest') this.stats.toRest += 1;
    item.settle(outcome);
    // Done and taken: nothing here holds its bytes any more.
    if (item.taken) this.leave(item);
    else if (outcome.kind === 'bytes') {
      item.outcome = outcome;
      this.held += outcome.bytes.length;
    }
  }

  /** The blobs not yet settled, in plan order. */
  open(): PlannedBlob[] {
    return this.items.filter((item) => item.state !== 'done');
  }

  /** Ahead of the reader only while what it has not taken is less than a query's worth, or when it waits. */
  wantsMore(open: readonly PlannedBlob[]): boolean {
    return open.some((item) => item.waited) || this.held < BYTES_PER_QUERY;
  }

  /** The next query's blobs: sized texts up to the query's limits, and sizes about one query ahead. */
  pick(open: readonly PlannedBlob[]): QueryPick {
    const texts: PlannedBlob[] = [];
    let bytes = 0;
    let sized = 0;
    for (const item of open) {
      if (item.state !== 'sized' || item.size === undefined) continue;
      sized += 1;
      if (texts.length >= TEXTS_PER_QUERY || (texts.length > 0 && bytes + item.size > BYTES_PER_QUERY)) continue;
      texts.push(item);
      bytes += item.size;
    }
    // Sizes about one query ahead of the texts: enough to fill the next one.
    const ahead = Math.max(0, SIZES_PER_QUERY - (sized - texts.length));
    const sizes = open.filter((item) => item.state === 'unsized').slice(0, texts.length === 0 ? SIZES_PER_QUERY : ahead);
    return { texts, sizes };
  }

  private leave(item: PlannedBlob): void {
    const at = this.items.indexOf(item);
    if (at >= 0) this.items.splice(at, 1);
  }
}
