/**
 * PEP 263: the coding a Python file declares on its first or second line, and its decoding.
 * Names are Python's (`latin-1`, `cp1252`, `utf_8`…); what TextDecoder knows beyond the few
 * handled here is decoded by it, and a name neither knows is reported as unknown.
 */

export type DeclaredDecoding = { kind: 'text'; text: string; encoding: string } | { kind: 'undecodable'; detail: string };

/** PEP 263's own expression, matched against a line as Python's tokenizer does. */
const CODING = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
/** A line that lets the declaration sit on the next one: blank or only a comment. */
const BLANK_OR_COMMENT = /^[ \t\f]*(?:[#\r\n]|$)/;

/** The coding a Python file declares on its first or second line (as `tokenize.detect_encoding`). */
export function pythonCoding(bytes: Uint8Array): string | undefined {
  // The declaration is ASCII; latin1 maps each byte to one character, so nothing fails here.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const [first = '', second] = head.split('\n', 2);
  const found = CODING.exec(first);
  if (found !== null) return found[1];
  if (second === undefined || !BLANK_OR_COMMENT.test(first)) return undefined;
  return CODING.exec(second)?.[1];
}

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'u8', 'utf', 'cp65001']);
const LATIN1_NAMES = new Set(['latin-1', 'latin1', 'iso-8859-1', 'iso8859-1', '8859', 'cp819', 'l1', 'iso-ir-100', 'csisolatin1']);
const ASCII_NAMES = new Set(['ascii', 'us-ascii', '646', 'cp367']);
const CP1252_NAMES = new Set(['cp1252', 'windows-1252', '1252']);
/**
 * windows-1252's 0x80–0x9F, decoded here because Node's TextDecoder reads that label as
 * ISO-8859-1 in some versions. The five bytes without a character are refused, as Python does.
 */
const CP1252_HIGH: ReadonlyArray<string | undefined> = [...'€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ'].map((c) => (c === '\0' ? undefined : c));
/** Python's spellings that are not WHATWG encoding labels, which TextDecoder takes. */
const WHATWG_LABEL: Readonly<Record<string, string>> = {
  'latin-2': 'iso-8859-2',
  'shift-jis': 'shift_jis',
  sjis: 'shift_jis',
  cp932: 'shift_jis',
  cp936: 'gbk',
  cp1251: 'windows-1251',
};

/** Python's normalization: lower case, `_` and spaces as `-`; `utf-8-…` variants are UTF-8. */
function normalizeCodingName(name: string): string {
  const lower = name.toLowerCase().replace(/[_ ]/g, '-');
  return lower.startsWith('utf-8-') ? 'utf-8' : lower;
}

export function isUtf8Coding(declared: string): boolean {
  return UTF8_NAMES.has(normalizeCodingName(declared));
}

export function decodeDeclared(bytes: Uint8Array, declared: string): DeclaredDecoding {
  const name = normalizeCodingName(declared);
  const invalid: DeclaredDecoding = { kind: 'undecodable', detail: `bytes invalid in the declared coding '${declared}'` };
  const text = (decoded: string | undefined, encoding: string): DeclaredDecoding =>
    decoded === undefined ? invalid : { kind: 'text', text: decoded, encoding };
  if (UTF8_NAMES.has(name)) return text(tryDecode(new TextDecoder('utf-8', { fatal: true }), bytes), 'UTF-8');
  // Exact ISO-8859-1 (TextDecoder's 'latin1' label means windows-1252).
  if (LATIN1_NAMES.has(name)) return text(Buffer.from(bytes).toString('latin1'), 'ISO-8859-1');
  if (CP1252_NAMES.has(name)) return text(decodeCp1252(bytes), 'windows-1252');
  if (ASCII_NAMES.has(name)) return text(bytes.every((b) => b < 0x80) ? Buffer.from(bytes).toString('latin1') : undefined, 'ASCII');
  let decoder: TextDecoderLike;
  try {
    decoder = new TextDecoder(WHATWG_LABEL[name] ?? name, { fatal: true });
  } catch {
    return { kind: 'undecodable', detail: `the declared coding '${declared}' is unknown to review-gate` };
  }
  return text(tryDecode(decoder, bytes), decoder.encoding);
}

interface TextDecoderLike {
  decode(input: Uint8Array): string;
  readonly encoding: string;
}

function tryDecode(decoder: TextDecoderLike, bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeCp1252(bytes: Uint8Array): string | undefined {
  const chars: string[] = [];
  for (const byte of bytes) {
    const char = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    if (char === undefined) return undefined;
    chars.push(char);
  }
  return chars.join('');
}
