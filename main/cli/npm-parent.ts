/** How often a process npm started looks for the shell it was started through. */
const PARENT_CHECK_MS = 1000;

/**
 * npm (`npx plandesk ...`, `npm run web`) starts a command through a shell, `sh -c`, and passes a
 * SIGTERM or SIGINT sent to npm's own PID on to that shell only. Where the shell stays this
 * process's parent rather than handing its place over (dash, Debian's and Ubuntu's /bin/sh), the
 * shell dies of it and this process is left running, adopted by init, with its port and database.
 * So a process npm started stops as that SIGTERM would have stopped it once its parent is gone.
 * Started any other way (systemd, `nohup`, a shell of its own), it keeps running when whatever
 * started it exits.
 */
export function stopWhenNpmShellEnds(): void {
  if (process.env['npm_lifecycle_event'] === undefined) return;
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_MS);
  check.unref();
}
