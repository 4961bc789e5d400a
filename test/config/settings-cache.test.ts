import { describe, expect, it } from 'vitest';
import { SettingsError, readSettings } from '../../src/config/settings';
import { actionCacheDir, terminalCacheDir } from '../../src/review/cache-dir';

const read = (extra: Record<string, string>) =>
  readSettings((name) => ({ 'api-key': 'svc_live_test_0000000000000000', 'api-url': 'https://api.example.com', ...extra })[name] ?? '');

describe('cache-dir', () => {
  it('is empty by default: the action caches nothing unless a folder is given', () => {
    expect(read({}).cacheDir).toBe('');
    expect(actionCacheDir('', '/home/runner/work/repo')).toBeUndefined();
  });

  it('takes a relative folder from the workspace and an absolute one as it is', () => {
    expect(actionCacheDir(read({ 'cache-dir': ' .review-cache ' }).cacheDir, '/w')).toBe('/w/.review-cache');
    expect(actionCacheDir('/tmp/rg', '/w')).toBe('/tmp/rg');
  });

  it('refuses a folder with a NUL character, naming the value', () => {
    expect(() => read({ 'cache-dir': 'a\0b' })).toThrow(SettingsError);
    expect(() => read({ 'cache-dir': 'a\0b' })).toThrow("Invalid cache-dir 'a\\0b'. Expected a folder path without NUL characters.");
  });
});

describe('the terminal command\'s cache folder', () => {
  it('is review-gate under XDG_CACHE_HOME, else ~/.cache, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows', () => {
    expect(terminalCacheDir('', '/repo', { XDG_CACHE_HOME: '/xdg', HOME: '/home/u' }, 'linux')).toBe('/xdg/review-gate');
    expect(terminalCacheDir('', '/repo', { HOME: '/home/u' }, 'linux')).toBe('/home/u/.cache/review-gate');
    expect(terminalCacheDir('', '/repo', { HOME: '/Users/u' }, 'darwin')).toBe('/Users/u/Library/Caches/review-gate');
    expect(terminalCacheDir('', '/repo', { LOCALAPPDATA: '/appdata' }, 'win32')).toBe('/appdata/review-gate/Cache');
  });

  it('is the given folder, from the current one, when cache-dir is set', () => {
    expect(terminalCacheDir('tmp/c', '/repo', { HOME: '/home/u' }, 'linux')).toBe('/repo/tmp/c');
  });

  it('is none without a home to put it in (a relative XDG_CACHE_HOME does not count)', () => {
    expect(terminalCacheDir('', '/repo', {}, 'linux')).toBeUndefined();
    expect(terminalCacheDir('', '/repo', { XDG_CACHE_HOME: 'rel' }, 'linux')).toBeUndefined();
  });
});
