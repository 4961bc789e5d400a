export { parsePatch } from './parse-patch';
export type { PatchIndex, HunkRange } from './parse-patch';
export { PatchParseError, isPatchParseError } from './patch-errors';
