/**
 * How one planned blob came out of a content query (blob-batches.ts): its size, then its text,
 * each kept only when GitHub's answer vouches for it.
 */
import { isObjectName } from '../../domain/object-name';
import { asBlob } from './graphql-query';
import { blobObjectName } from '../git/workspace-blobs';

/** How a planned blob came out of its query. */
export type BatchedBlob =
  | { kind: 'bytes'; bytes: Buffer }
  /** GitHub lists it larger than the limit it was planned with: refused without its text. */
  | { kind: 'too-large'; size: number; maxBytes: number }
  /** Not vouched for here: read it through REST (`why` is for the debug log). */
  | { kind: 'rest'; why: string };

/** What an answer is read against: the blob as planned, and as sized by an earlier answer. */
export interface AnsweredItem {
  maxBytes: number;
  size?: number;
  /** The object name the text must hash to: the planned SHA, or the one GitHub named for the expression. */
  oid?: string;
  state: 'unsized' | 'sized' | 'asked' | 'done';
}

/** A text answer: the blob's bytes when they hash to its name, else why not. */
export function textOutcome(item: AnsweredItem, value: unknown, failed: boolean): BatchedBlob {
  if (failed) return { kind: 'rest', why: 'GitHub failed on it in the query' };
  const blob = asBlob(value);
  if (blob === undefined) return { kind: 'rest', why: 'the query found no blob' };
  const oid = item.oid ?? blob.oid;
  if (oid === undefined || !isObjectName(oid)) return { kind: 'rest', why: 'the query named no object' };
  if (blob.byteSize !== undefined && blob.byteSize > item.maxBytes) return { kind: 'too-large', size: blob.byteSize, maxBytes: item.maxBytes };
  if (blob.isTruncated !== false || typeof blob.text !== 'string') return { kind: 'rest', why: 'GitHub sent no whole text (binary or truncated)' };
  const bytes = Buffer.from(blob.text, 'utf8');
  // The object name is the hash of the bytes: a text that is not the blob (not UTF-8, say) fails here.
  if (blobObjectName(bytes, oid.length) !== oid) return { kind: 'rest', why: 'its text is not the blob byte for byte (not UTF-8)' };
  return { kind: 'bytes', bytes };
}

/** A size answer: the blob is sized for a later text query, or done (missing, binary, too large). */
export function sizeOutcome<T extends AnsweredItem>(item: T, value: unknown, failed: boolean, finish: (item: T, outcome: BatchedBlob) => void): void {
  if (failed) return finish(item, { kind: 'rest', why: 'GitHub failed on it in the query' });
  const blob = asBlob(value);
  if (blob?.byteSize === undefined) return finish(item, { kind: 'rest', why: 'the query found no blob' });
  if (item.oid === undefined) {
    if (blob.oid === undefined || !isObjectName(blob.oid)) return finish(item, { kind: 'rest', why: 'the query named no object' });
    item.oid = blob.oid;
  }
  if (blob.byteSize > item.maxBytes) return finish(item, { kind: 'too-large', size: blob.byteSize, maxBytes: item.maxBytes });
  // GitHub sends no text for what it calls binary; the REST read decides what the bytes are.
  if (blob.isBinary !== false) return finish(item, { kind: 'rest', why: 'GitHub calls it binary' });
  item.size = blob.byteSize;
  item.state = 'sized';
}
