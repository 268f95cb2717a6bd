// The writer thread of `plandesk serve`: its own connection, the router and group commit, so that
// the main thread (HTTP, authentication, reads) never waits for a commit's fsync.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { fullApi, strictApi as strictRoutes } from '../../shared/routes.js';
import { createRouter } from '../router/router.js';
import { createContext } from '../service/context.js';
import { openDatabase } from '../store/database.js';
import { serviceRoute } from './extensions.js';
import { GroupCommit } from './group-commit.js';
import { applyWrite, storageFailureResponse, toWire } from './wire.js';
import type { WriterData, WriterMessage, WriterReply } from './worker-writes.js';

const { file, strictApi } = workerData as WriterData;
const db = openDatabase(file);
const commit = new GroupCommit(db, serviceRoute(db, createRouter(createContext(db), strictApi ? strictRoutes : fullApi), strictApi));
const port = parentPort!;

function take(message: WriterMessage): void {
  if (message.kind === 'close') {
    db.close();
    port.close();
    return;
  }
  applyWrite(commit, message.write, message.key).then(
    (response) => port.postMessage({ id: message.id, response } satisfies WriterReply),
    (error: unknown) => {
      const response = storageFailureResponse(error);
      port.postMessage((response ? { id: message.id, response: toWire(response) } : { id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) }) satisfies WriterReply);
    },
  );
}

// Every write that arrived during the last commit joins the next one: the port is drained at once,
// not one message per turn of the event loop.
port.on('message', (first: WriterMessage) => {
  take(first);
  for (let next = receiveMessageOnPort(port); next !== undefined; next = receiveMessageOnPort(port)) take(next.message as WriterMessage);
});
