/**
 * Colour for the demo's terminal output, following https://no-color.org: `NO_COLOR` (set and not
 * empty) turns it off, `FORCE_COLOR` (not `0`) turns it on when the output is not a terminal,
 * and otherwise only a terminal gets colour, so a pipe or a file gets plain text.
 */
import { styleText } from 'node:util';

export interface Style {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
}

const identity = (text: string): string => text;
export const plainStyle: Style = { bold: identity, dim: identity, red: identity, green: identity, yellow: identity, cyan: identity };

export function colourWanted(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if ((env.NO_COLOR ?? '') !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTerminal;
}

export function terminalStyle(enabled: boolean): Style {
  if (!enabled) return plainStyle;
  // Node's codes; whether to colour was decided by `colourWanted`, not by Node's look at stdout.
  const style = (format: keyof Style) => (text: string): string => styleText(format, text, { validateStream: false });
  return { bold: style('bold'), dim: style('dim'), red: style('red'), green: style('green'), yellow: style('yellow'), cyan: style('cyan') };
}
