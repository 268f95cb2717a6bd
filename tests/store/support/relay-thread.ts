// The loopback relay of tests/support/tcp-proxy.ts on a thread of its own: a test that blocks its
// thread in a synchronous statement does not block the relay with it. Told "hold" or "release",
// it answers "done" once it has.
import { parentPort, workerData } from 'node:worker_threads';
import { startTcpProxy } from '../../support/tcp-proxy.js';

void startTcpProxy(workerData as { host: string; port: number }).then((relay) => {
  parentPort!.on('message', (command: 'hold' | 'release' | 'close') => {
    if (command === 'hold') relay.hold();
    if (command === 'release') relay.release();
    if (command === 'close') void relay.close().then(() => parentPort!.close());
    else parentPort!.postMessage('done');
  });
  parentPort!.postMessage({ port: relay.port });
});
