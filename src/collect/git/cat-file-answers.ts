/**
 * The answers of `git cat-file --batch`, read from its output as it arrives: each answer is a
 * header (`<name> <type> <size>`, or `<name> missing`), then, for an object found, its bytes and
 * a newline. Answers come in the order the requests went in, so each one is for the oldest read
 * still waiting; what that read is (its size limit, where its answer goes) is the owner's.
 */

/** Where the answers go, and the limit of the read each one is for. */
export interface AnswerSink {
  /** The most bytes the read answered next takes; undefined for no limit. */
  limit(): number | undefined;
  /** The next answer: the blob's bytes, or undefined for an object missing or not a blob. */
  answered(bytes: Buffer | undefined): void;
  /** The next answer is a blob of `size` bytes, over its read's limit: its bytes went by unread. */
  refused(size: number): void;
}

/** The answer being read: its size and whether it is a blob, once its header is in. */
interface Body {
  size: number;
  blob: boolean;
}

/** An answer too large for its read: its size, and how many of its bytes (and newline) are still to let through. */
interface Skip {
  size: number;
  left: number;
}

export class CatFileAnswers {
  /** The bytes received and not yet taken. */
  private chunks: Buffer[] = [];
  private buffered = 0;
  private body: Body | undefined;
  private skipping: Skip | undefined;

  constructor(private readonly sink: AnswerSink) {}

  /** Takes in a chunk of git's output, and hands on every answer it completes. */
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.step());
  }

  /** Reads as far as the next answer; false when more bytes are needed first. */
  private step(): boolean {
    if (this.skipping !== undefined) return this.skip(this.skipping);
    // Gathering a large blob: wait for all of it before copying anything.
    if (this.body !== undefined) return this.buffered >= this.body.size + 1 && this.takeBody(this.body);
    return this.readHeader();
  }

  /** Lets a refused answer's bytes through; once all went by, refuses it. */
  private skip(skipping: Skip): boolean {
    const data = this.joined();
    const through = Math.min(data.length, skipping.left);
    skipping.left -= through;
    this.keep(data, through);
    if (skipping.left > 0) return false;
    this.skipping = undefined;
    // Refused only once its bytes went by: the process answers nothing more for it.
    this.sink.refused(skipping.size);
    return true;
  }

  private readHeader(): boolean {
    const data = this.joined();
    const end = data.indexOf(0x0a);
    if (end < 0) {
      this.chunks = [data];
      return false;
    }
    const header = data.subarray(0, end).toString('utf8').split(' ');
    this.keep(data, end + 1);
    const size = Number(header[2]);
    if (header.length !== 3 || !Number.isSafeInteger(size) || size < 0) {
      // `<name> missing` (or anything unexpected, which git does not send): no bytes follow.
      this.sink.answered(undefined);
      return true;
    }
    const limit = this.sink.limit();
    if (limit !== undefined && size > limit) this.skipping = { size, left: size + 1 };
    else this.body = { size, blob: header[1] === 'blob' };
    return true;
  }

  /** The bytes and the newline after them. */
  private takeBody(body: Body): boolean {
    const data = this.joined();
    const bytes = Buffer.from(data.subarray(0, body.size));
    this.keep(data, body.size + 1);
    this.body = undefined;
    this.sink.answered(body.blob ? bytes : undefined);
    return true;
  }

  /** The bytes received and not yet taken, as one buffer (copied only when they came in several chunks). */
  private joined(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
  }

  /** Drops the first `taken` bytes of `data`, the bytes received so far, and keeps the rest. */
  private keep(data: Buffer, taken: number): void {
    this.chunks = [data.subarray(taken)];
    this.buffered = data.length - taken;
  }
}
