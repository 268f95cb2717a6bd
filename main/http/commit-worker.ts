// The writer thread of `plandesk serve` on SQLite: its own connection, the router and group commit, so that
// the main thread (HTTP, authentication, reads) never waits for a commit's fsync.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { fullApi, strictApi as strictRoutes } from '../../shared/routes.js';
import { createRouter } from '../router/router.js';
import { createContext } from '../service/context.js';
import type { Db } from '../store/database.js';
import { openDatabase } from '../store/open-database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { CommitSizes } from './commit-sizes.js';
import { serviceRoute } from './extensions.js';
import { GroupCommit } from './group-commit.js';
import { applyWrite, storageFailureResponse, toWire } from './wire.js';
import type { WriterData, WriterMessage, WriterReply, WriterStart } from './worker-writes.js';

const { file, strictApi, bodyLimit, commitSizes } = workerData as WriterData;
const port = parentPort!;

interface Writer {
  db: Db;
  commit: GroupCommit;
}

/** The writer's connection, or undefined when the database cannot be opened (told to the main thread, which refuses to start). */
async function open(): Promise<Writer | undefined> {
  try {
    const db = await openDatabase(file, { server: true });
    const sizes = new CommitSizes(commitSizes);
    port.postMessage({ ready: true } satisfies WriterStart);
    return {
      db,
      commit: new GroupCommit(
        db,
        serviceRoute(db, createRouter(createContext(db), strictApi ? strictRoutes : fullApi), { strict: strictApi, bodyLimit }),
        (writes) => sizes.observe(writes),
      ),
    };
  } catch (error) {
    const storage = storageErrorOf(error);
    port.postMessage({ ready: false, problem: storage?.problem, message: storage?.message ?? String(error) } satisfies WriterStart);
    port.close();
    return undefined;
  }
}

function take(message: WriterMessage, { db, commit }: Writer): void {
  if (message.kind === 'close') {
    void db.close().finally(() => port.close());
    return;
  }
  const refuse = (error: unknown) => {
    const response = storageFailureResponse(error);
    port.postMessage(
      (response
        ? { id: message.id, response: toWire(response) }
        : { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies WriterReply,
    );
  };
  try {
    applyWrite((request, key) => commit.submit(request, key), message.write, message.key).then(
      (response) => port.postMessage({ id: message.id, response } satisfies WriterReply),
      refuse,
    );
  } catch (error) {
    refuse(error);
  }
}

// Every write that arrived during the last commit joins the next one: the port is drained at once,
// not one message per turn of the event loop.
void open().then((writer) => {
  if (!writer) return;
  port.on('message', (first: WriterMessage) => {
    take(first, writer);
    for (let next = receiveMessageOnPort(port); next !== undefined; next = receiveMessageOnPort(port)) take(next.message as WriterMessage, writer);
  });
});
