// listEmployersPage: the employer list a page at a time (the spreadsheet import reads a large
// workspace's employers that way, a turn of the window's thread between pages). Its pages, put
// together, must be the list, in its order, whatever the page size and whoever can see what.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller } from '../../main/service/caller.js';
import { createEmployer, listEmployers, listEmployersPage } from '../../main/service/employers.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validEmployerBody } from '../support/fixtures.js';

let dir: string;
let ws: Workspace;
/** A user who holds Main, not West. */
let caller: Caller;

const NAMES_SEEN = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'Foxtrot', 'golf'];
const NAMES_HIDDEN = ['Alpine', 'bristol', 'Eagle'];

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const response = await ws.router({ method, path, body, actor: ws.actor });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-employer-pages-'));
  const { division } = await initWorkspace(dir, { account: 'Acme', email: 'broker@acme.test', division: 'Main' });
  ws = await openWorkspace(dir);
  const west = (await ok('POST', '/divisions/', { name: 'West', users: ['broker@acme.test'], employer_ids: [] })).id as string;
  const make = async (name: string, inDivision: string) =>
    createEmployer(ws.context, await ws.caller(), validEmployerBody(inDivision, { name, url: `https://${name.toLowerCase()}.example.com`, other_filters: [] }));
  for (const name of NAMES_SEEN) await make(name, division);
  for (const name of NAMES_HIDDEN) await make(name, west);
  const ann = await ok('POST', '/users/', { email: 'ann@acme.test', first_name: 'Ann', last_name: 'Lee', division_ids: [division] });
  caller = await Caller.resolve(ws.store, { userId: ann.id });
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

async function allPages(limit: number): Promise<{ id: string; name: string }[][]> {
  const pages = [];
  for (let after: string | undefined, more = true; more;) {
    const page = await listEmployersPage(ws.context, caller, after, limit);
    pages.push(page.employers);
    after = page.next;
    more = after !== undefined;
  }
  return pages;
}

describe('listEmployersPage', () => {
  it('reads, page after page, the employers listEmployers lists, in its order (names compared without regard to case)', async () => {
    const list = await listEmployers(ws.context, caller);
    expect(list.map((employer) => employer.name)).toEqual(NAMES_SEEN);
    for (const limit of [1, 2, 3, 10, 11, 100]) expect((await allPages(limit)).flat()).toEqual(list);
  });

  it('leaves out employers of divisions the caller does not hold, and goes on past a page that held only those', async () => {
    const pages = await allPages(1);
    expect(pages[1]).toEqual([]); // Alpine, in West
    expect(pages.flat().map((employer) => employer.name)).toEqual(NAMES_SEEN);
  });
});
