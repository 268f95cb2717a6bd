// Entry of the `plandesk` command line, compiled to out/main/cli.js (which bin/plandesk.cjs loads).
// Everything else lives in ./cli.ts and one module per command.
import { runCli } from './cli.js';
import { stopWhenNpmShellEnds } from './npm-parent.js';

stopWhenNpmShellEnds();

// A reader that goes away (`plandesk local call --batch f | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(1);
  throw error;
});

// runCli answers each command's failure itself; one that still escapes it is a bug, shown with its stack.
runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
