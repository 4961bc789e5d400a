/**
 * What keeps git from running a program while review-gate reads a repository. A review only
 * reads, yet git's configuration can name a program for a read to run, and the repository's own
 * configuration (`.git/config`, or any file it includes, which may be a file of the working
 * tree) is not the user's to vouch for: a downloaded or shared clone brings its own. Every key
 * that makes one of the commands review-gate runs (diff, ls-files, cat-file, hash-object,
 * rev-parse, merge-base, symbolic-ref, remote, config) start a program is turned off here:
 *
 * - `core.fsmonitor`: the hook that every command refreshing the index asks → `false`.
 * - `core.pager`, `pager.<command>`, GIT_PAGER → `--no-pager`.
 * - hooks (`core.hooksPath`): none of these commands runs one; the path is pointed where no hook
 *   can be, all the same.
 * - `diff.external`, `diff.<driver>.command`, `diff.<driver>.textconv`, GIT_EXTERNAL_DIFF →
 *   `--no-ext-diff --no-textconv` on every command that shows a diff (an empty textconv would not
 *   turn it off: git would run the empty command and diff its empty output).
 * - submodules: a diff of the working tree runs `git status` inside each submodule, under the
 *   submodule's own configuration → `--ignore-submodules=dirty` and `--submodule=short`.
 * - `filter.<driver>.clean`, `.smudge`, `.process`: a diff of the working tree runs the clean
 *   filter on every changed file. The drivers' names are only known from the configuration, so
 *   they are read from it (`git config --list`, includes followed, as the command itself would
 *   read them) and each is emptied with `required` false: git then reads the file as it is.
 * - transports: a partial clone fetches a missing object on demand, which runs ssh
 *   (`core.sshCommand`, GIT_SSH_COMMAND), credential helpers, `core.askPass`, remote helpers and,
 *   over a local path, `remote.<name>.uploadpack`; `core.alternateRefsCommand` and
 *   `uploadpack.packObjectsHook` only run on a fetch too. No transport is allowed
 *   (GIT_ALLOW_PROTOCOL, which overrides `protocol.<name>.allow` in any configuration) and lazy
 *   fetches are off (GIT_NO_LAZY_FETCH): review-gate reads the objects the clone has.
 * - `gpg.program` runs only to verify a signature (`log.showSignature`), which none of these
 *   commands does; `log.showSignature` is turned off for any log or show all the same.
 *
 * `-c` on the command line outranks every configuration file, included ones too. Nothing else is
 * overridden: the user's global and system configuration still apply (`safe.directory`, excludes,
 * the identity), so a repository git refuses to read stays refused.
 */

/** Global options for every git call, before the subcommand. */
export const NO_PROGRAM_ARGS: readonly string[] = [
  '--no-pager',
  '-c',
  'core.fsmonitor=false',
  '-c',
  // No hook can be found under a file: git looks for `/dev/null/<hook>`.
  'core.hooksPath=/dev/null',
  '-c',
  'protocol.allow=never',
  '-c',
  'core.askPass=',
  '-c',
  // An empty helper resets the list the configuration built, URL-scoped helpers included.
  'credential.helper=',
  '-c',
  'log.showSignature=false',
];

/** The values `--config-env` overrides read (see `setting`): noProgramEnv sets them. */
const CONFIG_ENV_VALUES: Readonly<Record<string, string>> = { REVIEW_GATE_GIT_EMPTY: '', REVIEW_GATE_GIT_FALSE: 'false' };

/** A protocol name no transport has: GIT_ALLOW_PROTOCOL then allows none. */
const NO_TRANSPORT = 'review-gate-fetches-nothing';

/** Environment variables that name a program git would run. */
const PROGRAM_VARIABLES = ['GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND'];

/** `env` for a git child process: without the variables that name programs, with no transport and no prompt. */
export function noProgramEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const safe: NodeJS.ProcessEnv = { ...env, ...CONFIG_ENV_VALUES, GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1', GIT_ALLOW_PROTOCOL: NO_TRANSPORT };
  for (const name of PROGRAM_VARIABLES) delete safe[name];
  return safe;
}

/** Subcommands that show a diff, and so may call an external diff or textconv. */
const DIFF_COMMANDS = new Set(['diff', 'diff-files', 'diff-index', 'diff-tree', 'log', 'show']);
const DIFF_FLAGS = ['--no-ext-diff', '--no-textconv', '--submodule=short', '--ignore-submodules=dirty'];

/** `args` (subcommand first) with the flags its subcommand needs to run no program. */
export function withSubcommandFlags(args: readonly string[]): string[] {
  const [command = '', ...rest] = args;
  return DIFF_COMMANDS.has(command) ? [command, ...DIFF_FLAGS, ...rest] : [...args];
}

/** Subcommands that may read a file of the working tree, or show a blob, through a filter driver. */
const FILTERING_COMMANDS = new Set(['diff', 'diff-files', 'diff-index', 'hash-object', 'ls-files', 'status', 'show', 'log', 'grep']);

/** Whether `args` may run a filter driver: then the drivers are read first (one `git config` per runner). */
export function convertsWorkingTree(args: readonly string[]): boolean {
  const [command = '', ...rest] = args;
  // cat-file shows a blob as stored unless asked to convert it.
  return FILTERING_COMMANDS.has(command) || (command === 'cat-file' && rest.some((arg) => arg === '--filters' || arg === '--textconv'));
}

const FILTER_PROGRAMS = ['clean', 'smudge', 'process'];

/**
 * The options that turn off every filter driver the configuration defines. `read` runs git with
 * the arguments given (without these overrides) and returns its stdout. A driver whose name holds
 * `=` cannot be named by `-c` (git splits at the first `=`), so it goes through `--config-env`
 * (git 2.31 and later; an older git refuses the option, and the review stops rather than run it).
 */
export async function filterDriverOverrides(read: (args: string[]) => Promise<string>): Promise<string[]> {
  const keys = (await read(['config', '--list', '--null', '--name-only'])).split('\0');
  const drivers = new Set<string>();
  for (const key of keys) {
    const last = key.lastIndexOf('.');
    if (key.startsWith('filter.') && last > 'filter.'.length && FILTER_PROGRAMS.includes(key.slice(last + 1).toLowerCase())) {
      drivers.add(key.slice('filter.'.length, last));
    }
  }
  const overrides: string[] = [];
  for (const driver of drivers) {
    for (const program of FILTER_PROGRAMS) overrides.push(...setting(`filter.${driver}.${program}`, ''));
    overrides.push(...setting(`filter.${driver}.required`, 'false'));
  }
  return overrides;
}

function setting(key: string, value: '' | 'false'): string[] {
  if (!key.includes('=')) return ['-c', `${key}=${value}`];
  return [`--config-env=${key}=${value === '' ? 'REVIEW_GATE_GIT_EMPTY' : 'REVIEW_GATE_GIT_FALSE'}`];
}
