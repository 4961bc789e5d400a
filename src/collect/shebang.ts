/**
 * The language of a file whose name gives none, from its first line: a file that starts with `#!`
 * is run, when executed (`./bin/tool`, an npm `bin`, a cron job), by the interpreter that line
 * names. So an extensionless `bin/tool` starting `#!/usr/bin/env node` is JavaScript, whatever its
 * name, and skipping it as "not a supported language" would let its code past review.
 *
 * What is read, as the kernel and `env` read it: the first line, if the file's first two bytes are
 * `#!`; the interpreter's path; through `env` (its options, `-S` and `NAME=value` assignments
 * skipped) the program it runs; through a launcher (`npx tsx`, `uv run`, `poetry run python`) the
 * program the launcher runs. The program's base name decides:
 *
 * - JavaScript: `node`, `nodejs` (a versioned `node20` too);
 * - TypeScript: `deno`, `bun`, `tsx`, `ts-node` (and its `ts-node-esm`… forms), `esno`, `esrun` —
 *   each runs TypeScript, and JavaScript is reviewed well as TypeScript;
 * - Python: `python`, `python3`, `python3.12`, `pypy3`, `pythonw`…, and `uv run` / `pipx run`
 *   without a program after them (they run the file as a Python script);
 * - Go: `gorun`, `yaegi`, `gomacro`, which run a Go source file of any name (`go run` does not:
 *   it takes only `.go` files);
 * - Rust: `rust-script`, `cargo` (a cargo script, `#!/usr/bin/env cargo` or `cargo +nightly -Zscript`),
 *   `cargo-script`, `cargo-eval`, `run-cargo-script`.
 */
import type { ReviewLanguage } from '../domain/vocabulary';

export type ShebangReading =
  /** The `#!` line names an interpreter of a language the service reviews. */
  | { kind: 'language'; language: ReviewLanguage; interpreter: string }
  /** It names another interpreter (`/bin/sh`, `ruby`), as written. */
  | { kind: 'other'; interpreter: string }
  /** The file does not start with a `#!` line. */
  | { kind: 'none' };

/** How far the first line is read: Linux reads 256 bytes of it, macOS 512; `env -S` lines run longer. */
const MAX_LINE_BYTES = 4096;

const LANGUAGE_OF_PROGRAM: ReadonlyArray<{ program: RegExp; language: ReviewLanguage }> = [
  { program: /^node(?:js)?[\d.]*$/, language: 'javascript' },
  { program: /^(?:deno|bun|tsx|esno|esrun|ts-node(?:-[a-z-]+)?)$/, language: 'typescript' },
  { program: /^(?:python|pypy)[\d.]*w?$/, language: 'python' },
  { program: /^(?:gorun|yaegi|gomacro)$/, language: 'go' },
  { program: /^(?:rust-script|cargo|cargo-script|cargo-eval|run-cargo-script)$/, language: 'rust' },
];

/**
 * Programs that run the program named after them (and their subcommand that does, if any), with
 * the language they give the file when no program follows (`uv run --script`).
 */
const LAUNCHERS: Readonly<Record<string, { subcommands?: readonly string[]; alone?: ReviewLanguage }>> = {
  npx: {},
  bunx: {},
  pnpx: {},
  pnpm: { subcommands: ['dlx', 'exec'] },
  yarn: { subcommands: ['dlx', 'exec'] },
  npm: { subcommands: ['exec'] },
  poetry: { subcommands: ['run'] },
  pipenv: { subcommands: ['run'] },
  pdm: { subcommands: ['run'] },
  hatch: { subcommands: ['run'] },
  uv: { subcommands: ['run'], alone: 'python' },
  pipx: { subcommands: ['run'], alone: 'python' },
};

/** `env` options that take the next word as their value. */
const ENV_OPTIONS_WITH_VALUE = new Set(['-u', '--unset', '-C', '--chdir', '-a', '--argv0']);

/** Reads the `#!` line of `bytes`; see the module comment. */
export function readShebang(bytes: Uint8Array): ShebangReading {
  if (bytes[0] !== 0x23 || bytes[1] !== 0x21) return { kind: 'none' };
  const head = bytes.subarray(2, MAX_LINE_BYTES);
  const end = head.indexOf(0x0a);
  const line = Buffer.from(end < 0 ? head : head.subarray(0, end)).toString('latin1');
  const words = line.trim().split(/[ \t\r\f\v]+/).filter((word) => word !== '');
  const [interpreter, ...args] = words;
  if (interpreter === undefined) return { kind: 'none' };
  const program = baseName(interpreter);
  const command = program === 'env' ? afterEnvOptions(args) : words;
  const language = languageOfCommand(command);
  const named = program === 'env' ? (command[0] ?? interpreter) : interpreter;
  return language === undefined ? { kind: 'other', interpreter: named } : { kind: 'language', language, interpreter: named };
}

/** The command `env` runs: its arguments after its options and `NAME=value` assignments. */
function afterEnvOptions(args: readonly string[]): string[] {
  const command: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (command.length > 0) {
      command.push(word);
    } else if (word === '--') {
      command.push(...args.slice(i + 1));
      break;
    } else if (word.startsWith('--split-string=')) {
      command.push(...word.slice('--split-string='.length).split(/\s+/).filter((w) => w !== ''));
    } else if (/^-[a-zA-Z0-9]*S./.test(word)) {
      // `-Snode`, `-vS'node'`: the split string glued to the option.
      command.push(word.slice(word.indexOf('S') + 1).replace(/^['"]|['"]$/g, ''));
    } else if (ENV_OPTIONS_WITH_VALUE.has(word)) {
      i += 1;
    } else if (!word.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      command.push(word.replace(/^['"]|['"]$/g, ''));
    }
  }
  return command;
}

/** The language a command (a program and its arguments) runs the file as; undefined for any other. */
function languageOfCommand(command: readonly string[]): ReviewLanguage | undefined {
  const [first, ...rest] = command;
  if (first === undefined) return undefined;
  const program = baseName(first);
  const known = LANGUAGE_OF_PROGRAM.find((entry) => entry.program.test(program));
  if (known !== undefined) return known.language;
  const launcher = LAUNCHERS[program];
  if (launcher === undefined) return undefined;
  let words = rest;
  if (launcher.subcommands !== undefined) {
    const sub = words.findIndex((word) => !word.startsWith('-'));
    if (sub < 0 || !launcher.subcommands.includes(words[sub] as string)) return undefined;
    words = words.slice(sub + 1);
  }
  // An option's value (`--with requests`) reads like a program: the first word that is one decides.
  const programs = words.filter((word) => !word.startsWith('-'));
  for (const [index] of programs.entries()) {
    const language = languageOfCommand(programs.slice(index));
    if (language !== undefined) return language;
  }
  return launcher.alone;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
