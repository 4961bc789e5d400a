/**
 * A port on 127.0.0.1 where nothing listens, so whatever is sent there is refused. A privileged
 * port is never handed out by listen(0), unlike a port a test binds and closes: another test
 * file, running in parallel, could bind that one again before the request is made. Port 2, not
 * 1: fetch refuses port 1 itself ("bad port"), before any connection is tried.
 */
export const CLOSED_PORT = 2;
