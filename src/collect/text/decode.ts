/**
 * File bytes → the text the review service gets, or why there is none. Three answers:
 *
 * - `text`: UTF-8 (a BOM is dropped), UTF-16 LE/BE with a BOM, or for Python the coding its
 *   first two lines declare (PEP 263). A NUL byte or another control character does not stop a
 *   file that decodes: Node runs a .js with a NUL in a comment, and git and GitHub show such a
 *   file as binary, so it is exactly the code nobody else looks at.
 * - `binary`: the file starts with the signature of a binary format (PNG, ZIP, ELF, …). Only
 *   signatures that cannot also begin a program in one of the five languages count — each has a
 *   byte that no JavaScript, TypeScript, Python, Go or Rust source may start with — so padding a
 *   comment with control bytes never makes source code pass for binary and slip past the gate.
 *   No share-of-control-bytes heuristic decides this, for the same reason.
 *   Not for Python: it runs any file that holds a ZIP archive, so a binary `.py` is undecodable.
 * - `undecodable`: anything else. It is a supported-language file the action could not read as
 *   text, so it counts as not reviewed (incomplete), never as skipped.
 */
import type { ReviewLanguage } from '../../domain/vocabulary';
import { decodeDeclared, isUtf8Coding, pythonCoding } from './python-coding';

export type Decoded =
  | { kind: 'text'; text: string; encoding: string }
  | { kind: 'binary'; format: string }
  | { kind: 'undecodable'; detail: string; hint: string };

/**
 * Signatures of binary formats, each with its first bytes. Every one contains, within the bytes
 * checked, a byte that makes a source file of the five languages a syntax error at that spot
 * (a control byte, a byte that is not valid UTF-8, `%` or a digit followed by a letter).
 */
export const BINARY_SIGNATURES: ReadonlyArray<{ format: string; bytes: readonly number[] }> = [
  { format: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { format: 'ICO image', bytes: [0x00, 0x00, 0x01, 0x00] },
  { format: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { format: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { format: 'gzip archive', bytes: [0x1f, 0x8b] },
  { format: 'xz archive', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { format: 'zstd archive', bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { format: '7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { format: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { format: 'Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { format: 'Mach-O executable', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { format: 'Mach-O executable', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { format: 'Java class file', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { format: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { format: 'SQLite database', bytes: [...Buffer.from('SQLite format 3'), 0x00] },
];

/** MPEG transport stream packets (a `.ts` video): 188 bytes, each starting with 0x47. */
const TS_PACKET = 188;

/**
 * A `.ts` video segment (HLS). Its first packet is the program table (PID 0) with the payload
 * start flag: `G@\0`, which no TypeScript file can start with. Every packet checked must start
 * with the sync byte too, so a stray `G@` is not enough.
 */
function isMpegTransportStream(bytes: Uint8Array): boolean {
  if (bytes.length < TS_PACKET * 2 || bytes[0] !== 0x47 || bytes[1] !== 0x40 || bytes[2] !== 0x00) return false;
  const packets = Math.min(Math.floor(bytes.length / TS_PACKET), 16);
  for (let i = 1; i < packets; i++) if (bytes[i * TS_PACKET] !== 0x47) return false;
  return true;
}

export function binaryFormatOf(bytes: Uint8Array): string | undefined {
  const found = BINARY_SIGNATURES.find(({ bytes: signature }) => signature.every((byte, i) => bytes[i] === byte));
  if (found !== undefined) return found.format;
  return isMpegTransportStream(bytes) ? 'MPEG transport stream video' : undefined;
}

const BOMS: ReadonlyArray<{ encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; name: string; bytes: readonly number[] }> = [
  { encoding: 'utf-8', name: 'UTF-8', bytes: [0xef, 0xbb, 0xbf] },
  { encoding: 'utf-16le', name: 'UTF-16 LE', bytes: [0xff, 0xfe] },
  { encoding: 'utf-16be', name: 'UTF-16 BE', bytes: [0xfe, 0xff] },
];

const SAVE_AS_UTF8 = 'save it as UTF-8';

/** Decodes a file of `language` for review; see the module comment for what each answer means. */
export function decodeSource(bytes: Uint8Array, language: ReviewLanguage | undefined): Decoded {
  const format = binaryFormatOf(bytes);
  if (format !== undefined && language === 'python') {
    // `python file.py` runs a ZIP archive's __main__.py, and finds the archive by the record at
    // its end: any binary file can carry one. No binary format is a .py file's honest content.
    return {
      kind: 'undecodable',
      detail: `a ${format}, which Python runs as a program when it holds a ZIP archive`,
      hint: 'remove it, or give it the extension of what it is',
    };
  }
  if (format !== undefined) return { kind: 'binary', format };

  // UTF-32 LE starts with the UTF-16 LE mark: tell it apart before trusting the mark.
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00]) || startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) {
    return { kind: 'undecodable', detail: 'UTF-32 text, which the review service does not take', hint: SAVE_AS_UTF8 };
  }
  const bom = BOMS.find((b) => startsWith(bytes, b.bytes));
  const cookie = language === 'python' ? pythonCoding(bom === undefined ? bytes : bytes.subarray(bom.bytes.length)) : undefined;
  if (bom !== undefined) {
    // Python itself refuses a file whose BOM and declared coding disagree.
    if (cookie !== undefined && !(bom.encoding === 'utf-8' && isUtf8Coding(cookie))) {
      return { kind: 'undecodable', detail: `a ${bom.name} byte-order mark but the declared coding '${cookie}'`, hint: 'make them agree' };
    }
    return strictDecode(bytes, bom.encoding, bom.name);
  }
  if (cookie !== undefined) {
    const declared = decodeDeclared(bytes, cookie);
    return declared.kind === 'text' ? declared : { ...declared, hint: SAVE_AS_UTF8 };
  }
  // ASCII in UTF-16 is valid UTF-8 with a NUL after every letter: reviewing that would pass
  // on text the service cannot read.
  if (looksLikeBomlessUtf16(bytes)) {
    return { kind: 'undecodable', detail: 'looks like UTF-16 without a byte-order mark', hint: SAVE_AS_UTF8 };
  }
  const decoded = strictDecode(bytes, 'utf-8', 'UTF-8');
  if (decoded.kind === 'text') return decoded;
  const bad = firstInvalidUtf8(bytes);
  const where = bad === undefined ? '' : ` 0x${(bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, '0')} on line ${lineAt(bytes, bad)}`;
  return {
    kind: 'undecodable',
    detail: `invalid UTF-8 byte${where}`,
    hint: language === 'python' ? `${SAVE_AS_UTF8} or declare its coding (PEP 263)` : SAVE_AS_UTF8,
  };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** TextDecoder drops a leading BOM of its own encoding, so line numbers stay those of the file. */
function strictDecode(bytes: Uint8Array, encoding: string, name: string): Decoded {
  try {
    return { kind: 'text', text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding: name };
  } catch {
    return { kind: 'undecodable', detail: `invalid ${name}`, hint: SAVE_AS_UTF8 };
  }
}

// ---- diagnostics --------------------------------------------------------------------------

/** The offset of the first byte that breaks UTF-8, or undefined when there is none. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (length > 1) {
      const cut = utf8SequenceError(bytes, i, lead, length);
      if (cut !== undefined) return cut;
    }
    i += length;
  }
  return undefined;
}

/** Where a multi-byte sequence starting at `i` breaks (overlong, surrogate, past U+10FFFF, cut). */
function utf8SequenceError(bytes: Uint8Array, i: number, lead: number, length: number): number | undefined {
  const second = bytes[i + 1];
  if (second === undefined) return i;
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < low || second > high) return i;
  for (let k = 2; k < length; k++) {
    const next = bytes[i + k];
    if (next === undefined || next < 0x80 || next > 0xbf) return i;
  }
  return undefined;
}

/** 1-based line of a byte offset. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** ASCII-range text in UTF-16 without a BOM: one byte of most pairs is NUL, the other almost never. */
function looksLikeBomlessUtf16(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8000);
  if (sample.length < 4) return false;
  const nulsAt = [0, 0];
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) nulsAt[i % 2] = (nulsAt[i % 2] ?? 0) + 1;
  const [even = 0, odd = 0] = nulsAt;
  const pairs = Math.floor(sample.length / 2);
  return Math.max(even, odd) >= pairs * 0.6 && Math.min(even, odd) <= pairs * 0.05;
}
