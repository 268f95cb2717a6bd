import { createContext } from '../main/service/context.js';
import { writeTransaction, type Db } from '../main/store/database.js';
import { openDatabase } from '../main/store/open-database.js';
import { createRouter } from '../main/router/router.js';
import { employerBody } from './bench-workspace.js';
import { medicalBody, type ServeDb } from './setup.js';

/** Creates per transaction while filling: one commit per few thousand records, so 100,000 take seconds, not an fsync each. */
const FILL_BATCH = 5_000;

/**
 * Fills a bootstrapped server database, before its `plandesk serve` starts, through the service in
 * this process (as its admin): `employers` employers in its division, then `plans` medical plans
 * round-robin over them (titles unique). Every record goes through validation and the journal as a
 * served write would, in transactions of FILL_BATCH.
 */
export async function fillRemote(remote: ServeDb, employers: number, plans: number): Promise<void> {
  const db = await openDatabase(remote.location, { server: true });
  try {
    const router = createRouter(createContext(db));
    const actor = { userId: remote.user };
    const create = async (tx: Db, path: string, body: unknown) => {
      const response = await router({ method: 'POST', path, body, actor }, tx);
      if (response.status !== 200) throw new Error(`filling the remote: POST ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return (response.body as { id: string }).id;
    };
    const employerIds = await writeTransaction(db, async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < employers; index += 1) ids.push(await create(tx, '/employers/', employerBody(remote.division, index)));
      return ids;
    });
    // One body made once and copied (the fixtures build a body in about 150 us), numbered per plan.
    const template = JSON.stringify(medicalBody(employerIds[0]!, 0));
    for (let start = 0; start < plans; start += FILL_BATCH) {
      await writeTransaction(db, async (tx) => {
        for (let index = start; index < Math.min(plans, start + FILL_BATCH); index += 1) {
          const body = JSON.parse(template) as Record<string, unknown>;
          body.employer = employerIds[index % employers];
          body.title = `Bench plan ${index}`;
          await create(tx, '/plans/medical/', body);
        }
      });
    }
  } finally {
    await db.close();
  }
}
