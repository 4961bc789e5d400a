/**
 * Where the result cache lives. The action caches only where the workflow says (`cache-dir`,
 * kept between runs by an actions/cache step); the terminal command caches by default in the
 * user's cache folder, as command-line tools do, unless told `--no-cache`.
 */
import { isAbsolute, join, resolve } from 'node:path';

/** The action's folder: none unless `cache-dir` is set; a relative path is taken from the workspace. */
export function actionCacheDir(setting: string, workspace: string): string | undefined {
  return setting === '' ? undefined : resolve(workspace, setting);
}

/**
 * The terminal's folder: `cache-dir` when given (relative to `cwd`), else `review-gate` in the
 * user's cache folder: `$XDG_CACHE_HOME`, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on
 * Windows, `~/.cache` elsewhere. Read from `env`, never guessed: without a home there is no cache.
 */
export function terminalCacheDir(setting: string, cwd: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (setting !== '') return resolve(cwd, setting);
  const absolute = (value: string | undefined): string | undefined =>
    value !== undefined && value !== '' && isAbsolute(value) ? value : undefined;
  const xdg = absolute(env.XDG_CACHE_HOME);
  if (xdg !== undefined) return join(xdg, 'review-gate');
  if (platform === 'win32') {
    const local = absolute(env.LOCALAPPDATA);
    return local === undefined ? undefined : join(local, 'review-gate', 'Cache');
  }
  const home = absolute(env.HOME);
  if (home === undefined) return undefined;
  return platform === 'darwin' ? join(home, 'Library', 'Caches', 'review-gate') : join(home, '.cache', 'review-gate');
}
