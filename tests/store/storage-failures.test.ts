// Storage that is damaged, read-only or full, and paths that are not a database: every entry point
// refuses with one sentence and exit 1, changes nothing, and (read-only, full) still reads.
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { runCli } from '../../main/cli/cli.js';
import { sql } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { initWorkspace } from '../../main/workspace/workspace.js';
import { validEmployerBody } from '../support/fixtures.js';
import { runPlandesk, UNPRIVILEGED_UID, type CliResult } from '../support/cli-run.js';
import { canMount, mountTmpfs, type Tmpfs } from '../support/mounts.js';
import { damageMiddlePage, seedWorkspace, SETUP, workspaceFile } from '../support/workspace-fixture.js';

const DAMAGED = 'the workspace database is damaged: run `plandesk check`, then `plandesk restore` from a backup';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-storage-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function expectRefusal(result: CliResult, sentence: string | RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  if (typeof sentence === 'string') expect(result.stderr).toContain(sentence);
  else expect(result.stderr).toMatch(sentence);
}

const employerLine = (division: string, name: string) =>
  JSON.stringify(validEmployerBody(division, { name, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example.com`, other_filters: [] }));

const core = (dir: string) => new AppCore({ dir, tokenCipher: workspaceKeyCipher });

describe('a workspace database with a damaged page', () => {
  let dir: string;
  let division: string;
  let damagedBytes: Buffer;
  beforeAll(async () => {
    dir = join(root, 'damaged');
    division = await seedWorkspace(dir, 300);
    damageMiddlePage(workspaceFile(dir));
    damagedBytes = readFileSync(workspaceFile(dir));
  });
  afterEach(() => expect(readFileSync(workspaceFile(dir)).equals(damagedBytes)).toBe(true));

  it('refuses a write from `local call` with the damaged sentence and exit 1', async () => {
    expectRefusal(await runPlandesk(['local', 'call', '--workspace', dir, 'POST', '/employers/', '--body', employerLine(division, 'After Damage')]), DAMAGED);
  });

  it('refuses to start `serve` on it, saying so of the file it serves', async () => {
    expectRefusal(await runPlandesk(['serve', '--db', workspaceFile(dir), '--port', '0']), `the server's database ${workspaceFile(dir)} is damaged: stop`);
  });

  it('shows the app a damaged workspace instead of opening it, and refuses its writes', async () => {
    const app = core(dir);
    try {
      // The window says what to do in the window (its recovery screen lists the backups), not which command to run.
      expect(await app.invoke('workspace', [])).toEqual({ ready: false, problem: { kind: 'damaged', message: 'The workspace database is damaged.' } });
      expect(await app.invoke('call', ['POST', '/divisions/', { name: 'New' }])).toEqual({ status: 503, body: { detail: 'The workspace is not set up yet.' } });
    } finally {
      app.close();
    }
  });
});

describe('paths that are not a usable database', () => {
  it("says a folder in the database file's place is a folder", async () => {
    const folder = join(root, 'folder.db');
    mkdirSync(folder);
    expectRefusal(await runPlandesk(['serve', '--db', folder, '--port', '0']), `${folder} is a folder, not a PlanDesk database file`);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says a missing parent folder is missing, and creates nothing', async () => {
    const missing = join(root, 'no-such-folder');
    expectRefusal(
      await runPlandesk(['admin', 'bootstrap', '--db', join(missing, 'server.db'), '--account', 'A', '--email', 'a@example.com', '--division', 'D']),
      `the folder ${missing} does not exist`,
    );
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses a workspace written by a newer build, unchanged', async () => {
    const dir = join(root, 'newer');
    await seedWorkspace(dir, 1);
    const db = new Database(workspaceFile(dir));
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from-the-future', '2030-01-01')").run();
    db.close();
    const before = readFileSync(workspaceFile(dir));
    expectRefusal(
      await runPlandesk(['local', 'call', '--workspace', dir, 'GET', '/divisions/list/']),
      /was written by a newer PlanDesk \(schema version 999; this build knows up to \d+\)\. Update PlanDesk to open it\./,
    );
    expect(readFileSync(workspaceFile(dir)).equals(before)).toBe(true);
  });
});

describe('files at rest', () => {
  it('creates the workspace folder 0700 and its database 0600, journals included', async () => {
    const dir = join(root, 'modes');
    await seedWorkspace(dir, 1);
    const modes = Object.fromEntries(['', ...readdirSync(dir)].map((name) => [name || '.', statMode(join(dir, name))]));
    expect(modes['.']).toBe(0o700);
    for (const [name, mode] of Object.entries(modes)) if (name !== '.') expect(mode, name).toBe(0o600);
  });

  it('creates a server database 0600', async () => {
    const file = join(root, 'server.db');
    expect(await runCli(['admin', 'bootstrap', '--db', file, '--account', 'A', '--email', 'new@example.com', '--division', 'D'])).toBe(0);
    expect(statMode(file)).toBe(0o600);
  });

  it('tightens an existing database readable by others to 0600 when it opens it', async () => {
    const file = join(root, 'loose.db');
    new Database(file).close();
    chmodSync(file, 0o644);
    expect(await runCli(['admin', 'bootstrap', '--db', file, '--account', 'A', '--email', 'loose@example.com', '--division', 'D'])).toBe(0);
    expect(statMode(file)).toBe(0o600);
  });
});

const statMode = (path: string) => statSync(path).mode & 0o777;

const runningAsRoot = process.getuid?.() === 0;
const hasSetpriv = existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv');

describe.skipIf(runningAsRoot && !hasSetpriv)('a workspace without write permission (folder 0500, file 0400)', () => {
  let dir: string;
  let division: string;
  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'plandesk-no-write-'));
    chmodSync(parent, 0o755);
    dir = join(parent, 'ws');
    division = await seedWorkspace(dir, 5);
    if (runningAsRoot) for (const path of [dir, workspaceFile(dir)]) chownSync(path, UNPRIVILEGED_UID, UNPRIVILEGED_UID);
    chmodSync(workspaceFile(dir), 0o400);
    chmodSync(dir, 0o500);
  });
  afterAll(() => {
    chmodSync(dir, 0o700);
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('answers reads', async () => {
    const result = await runPlandesk(['local', 'call', '--workspace', dir, 'GET', '/employers/list/'], '', { asUnprivileged: true });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { body: unknown[] }).body).toHaveLength(5);
  });

  it('refuses a write: "this workspace is read-only (...)", exit 1', async () => {
    const result = await runPlandesk(['local', 'call', '--workspace', dir, 'POST', '/employers/', '--body', employerLine(division, 'No Permission Co')], '', {
      asUnprivileged: true,
    });
    expectRefusal(result, `this workspace is read-only (you may not write to ${dir})`);
  });
});

describe.skipIf(!canMount)('a workspace on a read-only mount', () => {
  let mount: Tmpfs;
  let division: string;
  beforeAll(async () => {
    mount = mountTmpfs(4096);
    division = await seedWorkspace(join(mount.dir, 'ws'), 20);
    mount.readOnly();
  });
  afterAll(() => mount.unmount());

  it('answers reads', async () => {
    const result = await runPlandesk(['local', 'call', '--workspace', join(mount.dir, 'ws'), 'GET', '/employers/list/']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200 });
    expect((JSON.parse(result.stdout) as { body: unknown[] }).body).toHaveLength(20);
  });

  it('refuses a write: "this workspace is read-only (...)", exit 1', async () => {
    const result = await runPlandesk([
      'local',
      'call',
      '--workspace',
      join(mount.dir, 'ws'),
      'POST',
      '/employers/',
      '--body',
      employerLine(division, 'Read Only Co'),
    ]);
    expectRefusal(result, `this workspace is read-only (${join(mount.dir, 'ws')} is on a read-only file system)`);
  });

  it('opens in the app for reading, says why it cannot write, and answers a write with that reason', async () => {
    const app = core(join(mount.dir, 'ws'));
    try {
      const status = (await app.invoke('workspace', [])) as { ready: boolean; problem?: { kind: string } };
      expect(status).toMatchObject({ ready: true, problem: { kind: 'read-only' } });
      const response = (await app.invoke('call', ['POST', '/divisions/', { name: 'New' }])) as { status: number; body: { detail: string } };
      expect(response.status).toBe(503);
      expect(response.body.detail).toMatch(/^this workspace is read-only \(/);
    } finally {
      app.close();
    }
  });
});

describe.skipIf(!canMount)('a workspace on a full disk', () => {
  let mount: Tmpfs;
  let dir: string;
  let division: string;
  let crashed: string;
  beforeAll(async () => {
    mount = mountTmpfs(4096);
    dir = join(mount.dir, 'ws');
    division = await seedWorkspace(dir, 20);
    // A workspace as a crash leaves it, copied without its shared-memory file (as backup tools do):
    // reading it through its write-ahead log needs room for a new one.
    crashed = join(mount.dir, 'crashed');
    mkdirSync(crashed);
    const db = await openDatabase(workspaceFile(dir));
    await sql(db, "INSERT INTO meta (key, value) VALUES ('crash', 'x')").run();
    for (const suffix of ['', '-wal']) copyFileSync(workspaceFile(dir) + suffix, workspaceFile(crashed) + suffix);
    await db.close();
    mount.fill();
  });
  afterAll(() => mount.unmount());

  it('answers reads', async () => {
    const result = await runPlandesk(['local', 'call', '--workspace', dir, 'GET', '/employers/list/']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { body: unknown[] }).body).toHaveLength(20);
  });

  it('refuses a write with "the disk is full", exit 1', async () => {
    expectRefusal(
      await runPlandesk(['local', 'call', '--workspace', dir, 'POST', '/employers/', '--body', employerLine(division, 'Full Disk Co')]),
      'the disk is full',
    );
  });

  it('`export` says the disk is full and leaves nothing behind, as a file or as a CSV folder', async () => {
    for (const [out, format] of [
      [join(mount.dir, 'export.json'), 'json'],
      [join(mount.dir, 'export-csv'), 'csv'],
    ] as const) {
      expectRefusal(
        await runPlandesk(['export', '--workspace', dir, '--out', out, '--format', format]),
        'plandesk export: the disk is full: free some space and try again; nothing was saved',
      );
    }
    expect(readdirSync(mount.dir).filter((name) => name.startsWith('export'))).toEqual([]);
  });

  it('`check` says the file was not checked because the disk is full, not that an intact file cannot be read', async () => {
    const result = await runPlandesk(['check', '--workspace', crashed]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe(
      `${workspaceFile(crashed)} was not checked: the disk is full (reading it needs a little room beside it); free some space and run the check again`,
    );
  });

  it('`local init` leaves no database file behind', async () => {
    const fresh = join(mount.dir, 'fresh');
    mkdirSync(fresh);
    expectRefusal(
      await runPlandesk(['local', 'init', '--workspace', fresh, '--account', 'A', '--email', 'a@example.com', '--division', 'D']),
      'the disk is full',
    );
    expect(readdirSync(fresh)).toEqual([]);
    await expect(initWorkspace(join(mount.dir, 'fresh-2'), SETUP)).rejects.toThrow('the disk is full');
    expect(existsSync(join(mount.dir, 'fresh-2'))).toBe(false);
  });

  it('a batch that hits the full disk stops with the sentence and leaves no file descriptor open', async () => {
    const batch = join(root, 'full-batch.jsonl');
    writeFileSync(
      batch,
      [0, 1, 2].map((index) => JSON.stringify({ method: 'POST', path: '/employers/', body: JSON.parse(employerLine(division, `Batch ${index}`)) })).join('\n'),
    );
    const openFds = () => readdirSync('/proc/self/fd').length;
    // The first run also loads modules (and whatever handles the test runner opens meanwhile); a
    // leak shows as a descriptor more after each further run.
    expect(await runCli(['local', 'call', '--workspace', dir, '--batch', batch])).toBe(1);
    const before = openFds();
    for (let run = 0; run < 3; run += 1) expect(await runCli(['local', 'call', '--workspace', dir, '--batch', batch])).toBe(1);
    expect(openFds()).toBe(before);
  });
});
