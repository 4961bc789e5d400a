export { parsePatch } from './parse';
export type { PatchIndex, HunkRange } from './parse';
export { PatchParseError, isPatchParseError } from './errors';
