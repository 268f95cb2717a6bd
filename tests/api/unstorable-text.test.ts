// A NUL or a lone UTF-16 surrogate is refused in every string field with a 400 naming the field, as
// the hosted service's DRF fields refuse them: SQLite would store the surrogate as invalid UTF-8 and
// read it back as U+FFFD, and such a record could never sync. Over serve's HTTP edge and through the
// workspace's own router (the window and `local call`), which run the same validation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initWorkspace, openWorkspace } from '../../main/workspace/workspace.js';
import { BENEFITS, planKind } from '../../shared/plans/index.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRejected } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { SETUP } from '../support/workspace-fixture.js';

const UNSTORABLE = [
  { what: 'a NUL', text: '\u0000', message: messages.nullCharacters },
  { what: 'a lone high surrogate', text: '\ud800', message: 'Surrogate characters are not allowed: U+D800.' },
  { what: 'a lone low surrogate', text: '\udfff', message: 'Surrogate characters are not allowed: U+DFFF.' },
] as const;

/** `value` with the character in its middle, so neither trimming nor a format rule could hide it. */
const spoiled = (value: string, character: string) => `${value.slice(0, 1)}${character}${value.slice(1)}`;

let h: ApiHarness;
let employer: Record<string, any>;

beforeAll(async () => {
  h = await startApi();
  employer = await h.createEmployer();
});
afterAll(() => h.close());

function employerBody(): Record<string, unknown> {
  const name = unique('Unstorable ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [] });
}

describe.each(UNSTORABLE)('$what in a string field (serve)', ({ text, message }) => {
  // Beside it a format rule may have its own say (a size with a NUL is not digits either).
  const named = new RegExp(`^${message.replace(/[.+]/g, '\\$&')}$`);

  it.each(['name', 'url', 'size'])("is refused in an employer's %s, created or updated", async (field) => {
    const body = employerBody();
    await expectRejected(h, 'POST', '/employers/', { ...body, [field]: spoiled(body[field] as string, text) }, { [field]: named });
    await expectRejected(h, 'PUT', `/employers/${employer.id}/`, { ...body, [field]: spoiled(body[field] as string, text) }, { [field]: named });
  });

  it.each(['email', 'first_name', 'last_name'])("is refused in a user's %s", async (field) => {
    const body: Record<string, unknown> = {
      email: `${unique('ann')}@broker.example.com`,
      first_name: 'Ann',
      last_name: 'Lee',
      division_ids: [h.admin.division],
    };
    await expectRejected(h, 'POST', '/users/', { ...body, [field]: spoiled(body[field] as string, text) }, { [field]: named });
  });

  it("is refused in a division's name and in an e-mail of its users", async () => {
    await expectRejected(h, 'POST', '/divisions/', { name: spoiled('West', text), users: [], employer_ids: [] }, { name: named });
    await expectRejected(h, 'POST', '/divisions/', { name: unique('West '), users: [spoiled(h.admin.email, text)], employer_ids: [] }, { users: named });
  });

  it.each([...BENEFITS])('is refused in every text field of a %s plan', async (benefit) => {
    const body = validPlanBody(benefit, { employer: employer.id, title: unique('Plan ') });
    const textFields = Object.entries(planKind(benefit).fields)
      .filter(([, spec]) => spec.type === 'text')
      .map(([name]) => name);
    expect(textFields.length).toBeGreaterThan(0);
    for (const field of textFields) {
      await expectRejected(h, 'POST', `/plans/${benefit}/`, { ...body, [field]: spoiled(body[field] as string, text) }, { [field]: named });
    }
  });
});

describe("the workspace's own router (the window, local call)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plandesk-unstorable-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a NUL and a lone surrogate with the same 400, and writes nothing', async () => {
    const { division } = await initWorkspace(dir, SETUP);
    const workspace = await openWorkspace(dir);
    try {
      for (const { text, message } of UNSTORABLE) {
        const body = validEmployerBody(division, { name: spoiled('Globex', text), url: 'https://globex.example.com', other_filters: [] });
        const response = await workspace.router({ method: 'POST', path: '/employers/', body, actor: workspace.actor });
        expect(response).toMatchObject({ status: 400, body: { name: [message] } });
      }
      const list = await workspace.router({ method: 'GET', path: '/employers/list/', body: undefined, actor: workspace.actor });
      expect(list.body).toEqual([]);
    } finally {
      workspace.close();
    }
  });

  it('keeps a well-formed pair (an emoji) and every other character as typed', async () => {
    const workspace = await openWorkspace(dir);
    try {
      const division = (
        (await workspace.router({ method: 'GET', path: '/divisions/list/', body: undefined, actor: workspace.actor })).body as { id: string }[]
      )[0]!.id;
      const name = 'Łódź 🦷 Dental\u2028Co';
      const created = await workspace.router({
        method: 'POST',
        path: '/employers/',
        actor: workspace.actor,
        body: validEmployerBody(division, { name, url: 'https://lodz.example.com', other_filters: [] }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect((created.body as { name: string }).name).toBe(name);
    } finally {
      workspace.close();
    }
  });
});
