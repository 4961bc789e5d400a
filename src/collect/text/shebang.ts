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
 * - JavaScript: `node`, `nodejs`;
 * - TypeScript: `deno`, `bun`, `tsx`, `ts-node` (and its `ts-node-esm`… forms), `esno`, `esrun` —
 *   each runs TypeScript, and JavaScript is reviewed well as TypeScript;
 * - Python: `python`, `pythonw`, `pypy`, and `uv run` / `pipx run` without a program after them
 *   (they run the file as a Python script);
 * - Go: `gorun`, `yaegi`, `gomacro`, which run a Go source file of any name (`go run` does not:
 *   it takes only `.go` files);
 * - Rust: `rust-script`, `cargo` (a cargo script, `#!/usr/bin/env cargo` or `cargo +nightly -Zscript`),
 *   `cargo-script`, `cargo-eval`, `run-cargo-script`.
 *
 * A name is read without the version and build it carries, as distributions and installers
 * spell them: `python3.13t` (free-threaded), `python3.12d` and `python3-dbg` (debug builds),
 * `python3.7m`, `node22`, `ruby3.2`. A name the lists below do not know is `unknown`, never
 * taken for another language: no list of interpreters is complete, and a script run by one the
 * action does not know (`python3.14-custom`, `nix-shell`) must count against the change, not be
 * skipped as if its language were known. Only the interpreters of languages the service does not
 * review (`OTHER_LANGUAGES`) make a script "another language".
 */
import type { ReviewLanguage } from '../../domain/vocabulary';

export type ShebangReading =
  /** The `#!` line names an interpreter of a language the service reviews. */
  | { kind: 'language'; language: ReviewLanguage; interpreter: string }
  /** It names an interpreter of another language (`/bin/sh`, `ruby`), as written. */
  | { kind: 'other'; interpreter: string }
  /** It names an interpreter the action does not know, as written: what runs the file is unknown. */
  | { kind: 'unknown'; interpreter: string }
  /** The file does not start with a `#!` line. */
  | { kind: 'none' };

/** How far the first line is read: Linux reads 256 bytes of it, macOS 512; `env -S` lines run longer. */
const MAX_LINE_BYTES = 4096;

const LANGUAGE_OF_PROGRAM: Readonly<Record<string, ReviewLanguage>> = {
  node: 'javascript',
  nodejs: 'javascript',
  deno: 'typescript',
  bun: 'typescript',
  tsx: 'typescript',
  esno: 'typescript',
  esrun: 'typescript',
  'ts-node': 'typescript',
  'ts-node-esm': 'typescript',
  'ts-node-script': 'typescript',
  'ts-node-cwd': 'typescript',
  'ts-node-transpile-only': 'typescript',
  python: 'python',
  pythonw: 'python',
  pypy: 'python',
  gorun: 'go',
  yaegi: 'go',
  gomacro: 'go',
  'rust-script': 'rust',
  cargo: 'rust',
  'cargo-script': 'rust',
  'cargo-eval': 'rust',
  'run-cargo-script': 'rust',
};

/**
 * Interpreters of languages the service does not review: a script they run is skipped as another
 * language. Shells, the scripting languages of Unix, and the toolchains that run a source file
 * of their own language (`go` among them: `go run` takes only `.go` files, which are reviewed by
 * their extension).
 */
const OTHER_LANGUAGES: ReadonlySet<string> = new Set([
  'sh', 'bash', 'dash', 'ash', 'zsh', 'ksh', 'mksh', 'pdksh', 'yash', 'csh', 'tcsh', 'fish', 'rc', 'busybox', 'pwsh', 'powershell',
  'ruby', 'jruby', 'truffleruby', 'perl', 'raku', 'rakudo', 'php', 'php-cgi', 'lua', 'luajit', 'texlua', 'tclsh', 'wish', 'expect',
  'awk', 'gawk', 'mawk', 'nawk', 'sed', 'make', 'gmake', 'bmake', 'Rscript', 'julia', 'osascript',
  'elixir', 'escript', 'erl', 'guile', 'racket', 'sbcl', 'clisp', 'ocaml', 'runghc', 'runhaskell', 'swift', 'kotlin', 'kscript',
  'groovy', 'scala', 'java', 'jshell', 'jbang', 'dart', 'crystal', 'dotnet', 'bc', 'dc', 'gnuplot', 'octave', 'go',
]);

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
  const throughEnv = baseName(interpreter) === 'env';
  const command = throughEnv ? afterEnvOptions(args) : words;
  const named = throughEnv ? (command[0] ?? interpreter) : interpreter;
  const found = kindOfCommand(command);
  return found.kind === 'language' ? { kind: 'language', language: found.language, interpreter: named } : { kind: found.kind, interpreter: named };
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

type CommandKind = { kind: 'language'; language: ReviewLanguage } | { kind: 'other' } | { kind: 'unknown' };

/**
 * What a command (a program and its arguments) runs the file as: a language the service reviews,
 * another known language, or unknown — a program no list here names, or none at all.
 */
function kindOfCommand(command: readonly string[]): CommandKind {
  const [first, ...rest] = command;
  if (first === undefined) return { kind: 'unknown' };
  const program = baseName(first);
  const name = interpreterName(program);
  const language = LANGUAGE_OF_PROGRAM[name];
  if (language !== undefined) return { kind: 'language', language };
  if (OTHER_LANGUAGES.has(name)) return { kind: 'other' };
  // `env` run by a launcher or by itself: what it runs decides.
  if (program === 'env') return kindOfCommand(afterEnvOptions(rest));
  const launcher = LAUNCHERS[program];
  if (launcher === undefined) return { kind: 'unknown' };
  let words = rest;
  if (launcher.subcommands !== undefined) {
    const sub = words.findIndex((word) => !word.startsWith('-'));
    if (sub < 0 || !launcher.subcommands.includes(words[sub] as string)) return { kind: 'unknown' };
    words = words.slice(sub + 1);
  }
  // An option's value (`--with requests`) reads like a program: the first word that is a known one decides.
  const programs = words.filter((word) => !word.startsWith('-'));
  for (const [index] of programs.entries()) {
    const found = kindOfCommand(programs.slice(index));
    if (found.kind !== 'unknown') return found;
  }
  return launcher.alone === undefined ? { kind: 'unknown' } : { kind: 'language', language: launcher.alone };
}

/**
 * A program's name without what its build adds: Windows' `.exe`, a debug build's `-dbg`, `-debug`
 * or `_d`, then a version and its ABI letters (`python3.13t`, `python3.12d`, `python3.7m`,
 * `node22`, `lua5.4`). Anything else stays: `python3.12-config` is no interpreter of Python.
 */
export function interpreterName(program: string): string {
  return program
    .replace(/\.exe$/i, '')
    .replace(/(?:-dbg|-debug|_d)$/, '')
    .replace(/-?\d+(?:\.\d+)*[a-z]{0,3}$/, '');
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
