/**
 * The globs of `include` and `exclude`: one way to compile them, used both to validate the
 * inputs and to match paths, so a glob that passed validation matches as it was checked.
 */
import picomatch from 'picomatch';

/**
 * A glob without a `/` matches the file name in any folder (as in .gitignore), so `*.min.js`
 * excludes `web/app.min.js` too. `strictBrackets` makes an unclosed `[`, `{` or `(` an error
 * instead of a literal; `debug` makes picomatch throw on a pattern whose regular expression is
 * invalid (`[z-a]`) instead of quietly compiling it to one that matches nothing.
 */
function compile(glob: string): (path: string) => boolean {
  return picomatch(glob, { dot: true, basename: !glob.includes('/'), strictBrackets: true, debug: true });
}

/** What is wrong with a glob, in a phrase, or undefined when it compiles. */
export function globSyntaxProblem(glob: string): string | undefined {
  try {
    compile(glob);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // "Invalid regular expression: /^(?:[z-a])$/: Range out of order…": the regex is ours, not the user's.
    const phrase = /^Invalid regular expression: .*: ([^:]+)$/s.exec(message)?.[1] ?? message;
    return phrase.charAt(0).toLowerCase() + phrase.slice(1);
  }
}

/** A function giving the first glob of `globs` that matches a path, or undefined. */
export function firstMatchingGlob(globs: readonly string[]): (path: string) => string | undefined {
  const matchers = globs.map((glob) => ({ glob, match: compile(glob) }));
  return (path) => matchers.find(({ match }) => match(path))?.glob;
}
