/**
 * Whether a host is this machine. Two rules rest on it: plain http may carry the API key only to
 * loopback (config/api-url.ts), and writes to a GitHub API on loopback, where only a test double
 * or a local proxy can listen, are not paced for GitHub's servers (github/write-gate.ts).
 */

/** localhost, 127.0.0.0/8 and ::1 (also as IPv4-mapped 127.x), as `URL` normalizes them. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    hostname === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)
  );
}
