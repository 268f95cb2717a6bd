// A process opening a database, as `serve` or an admin command does at start: it says "ready" once
// loaded, opens the database given on its command line when told "go" on stdin, and prints "open".
import { createInterface } from 'node:readline';
import { openDatabase } from '../../../main/store/open-database.js';

const location = process.argv[2]!;

/** Never rejects: a failure is printed, and the process exits either way. */
async function openAndClose(): Promise<void> {
  try {
    await (await openDatabase(location)).close();
    process.stdout.write('open\n');
    process.exit(0);
  } catch (error) {
    process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

process.stdout.write('ready\n');
createInterface({ input: process.stdin }).once('line', () => void openAndClose());
