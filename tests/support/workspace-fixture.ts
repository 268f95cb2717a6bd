// A real workspace folder holding `employers` employers, for tests that damage or restrict it.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { validEmployerBody } from './fixtures.js';
import { initWorkspace, openWorkspace, WORKSPACE_DB } from '../../main/workspace/workspace.js';

export const SETUP = { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' };

/** Sets up a workspace in `dir` with `employers` employers; answers its division's id. */
export async function seedWorkspace(dir: string, employers: number): Promise<string> {
  const { division } = await initWorkspace(dir, SETUP);
  const workspace = await openWorkspace(dir);
  try {
    for (let index = 0; index < employers; index += 1) {
      const response = await workspace.router({
        method: 'POST',
        path: '/employers/',
        actor: workspace.actor,
        body: validEmployerBody(division, { name: `Employer ${index}`, url: `https://employer-${index}.example.com`, other_filters: [] }),
      });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    }
  } finally {
    workspace.close();
  }
  return division;
}

export const workspaceFile = (dir: string) => join(dir, WORKSPACE_DB);

/** Overwrites one page in the middle of the database file with garbage, as a failing disk might. */
export function damageMiddlePage(file: string): void {
  const pageSize = 4096;
  const middle = Math.floor(statSync(file).size / pageSize / 2);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, middle * pageSize);
  } finally {
    closeSync(fd);
  }
}
