// A remote whose employer carries a NAICS code outside the 2017 list (stored before the rule, or by a
// service of another edition): the pull leaves that employer on the remote, says why, and brings the rest.
import { describe, expect, it } from 'vitest';
import { sql } from '../../main/store/database.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { createLocal, saveEnv, startRemote } from './support/harness.js';
import { fastPull } from './support/pulled-laptop.js';

describe('pulling an employer whose NAICS code is not in the 2017 list', () => {
  it('leaves it on the remote with the reason, and pulls the others', async () => {
    const remote = await startRemote();
    const division = ((await remote.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    const employer = (name: string) => ({
      name,
      url: `https://${name.toLowerCase()}.example`,
      size: '20',
      naics_codes: ['541511'],
      location_states: ['CA'],
      other_filters: [],
      division,
    });
    const odd = (await remote.ok('POST', '/employers/', employer('Oddcode'))) as { id: string };
    await remote.ok('POST', '/employers/', employer('Plaincode'));
    await sql(remote.api.context.db, "UPDATE employer_naics_codes SET code = '999999' WHERE employer_id = ?").run(odd.id);
    const laptop = await createLocal();

    const pulled = await pullEnvironment(laptop.ws, saveEnv(laptop, 'production', remote.url, remote.token), fastPull);

    expect(pulled.errors).toEqual([{ entity: 'employer', remote_id: odd.id, error: "naics_codes: '999999' is not a 2017 NAICS code." }]);
    expect(((await laptop.ok('GET', '/employers/list/')) as { name: string }[]).map((listed) => listed.name)).toEqual(['Plaincode']);
  });
});
