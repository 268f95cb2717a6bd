// Group commit (main/http/group-commit.ts) on a real SQLite file: writes that arrive together are
// applied in one transaction, each in its own savepoint, and answered only once committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../main/api/types.js';
import { GroupCommit } from '../../main/http/group-commit.js';
import { sql, sqliteOf, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { StorageError } from '../../main/store/storage-errors.js';
import { startApi } from '../support/api-server.js';

let dir: string;
let db: Db;
let observer: Database.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-group-commit-'));
  db = await openDatabase(join(dir, 'service.db'));
  sqliteOf(db).exec('CREATE TABLE notes (text TEXT NOT NULL) STRICT');
  observer = new Database(join(dir, 'service.db'), { readonly: true });
});
afterEach(async () => {
  observer.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const note = (text: string): ApiRequest => ({ method: 'POST', path: '/notes/', body: { text }, actor: { userId: 'u' } });
const committedNotes = () => observer.prepare('SELECT text FROM notes ORDER BY rowid').pluck().all();

describe('group commit', () => {
  it('applies writes that arrive together in one transaction, invisible to others until all are committed', async () => {
    const seenByOthers: number[] = [];
    const commit = new GroupCommit(db, async (request, _key, tx = db) => {
      await sql(tx, 'INSERT INTO notes (text) VALUES (?)').run((request.body as { text: string }).text);
      seenByOthers.push(committedNotes().length);
      return { status: 200, body: null };
    });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((text) => commit.submit(note(text), undefined)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(seenByOthers).toEqual([0, 0, 0, 0]);
    expect(committedNotes()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rolls back a request that fails alone, with its own error, and commits the others', async () => {
    const commit = new GroupCommit(db, async (request, _key, tx = db) => {
      const text = (request.body as { text: string }).text;
      await sql(tx, 'INSERT INTO notes (text) VALUES (?)').run(text);
      if (text === 'bad') throw new Error('failed half-way');
      return { status: 200, body: { text } };
    });
    const settled = await Promise.allSettled(['one', 'bad', 'two'].map((text) => commit.submit(note(text), undefined)));
    expect(settled[0]).toEqual({ status: 'fulfilled', value: { status: 200, body: { text: 'one' } } });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: new Error('failed half-way') });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: { status: 200, body: { text: 'two' } } });
    expect(committedNotes()).toEqual(['one', 'two']);
  });

  it('answers the writes after a storage failure with it, unrun (each would wait for it in turn), and commits those before', async () => {
    const ran: string[] = [];
    const stuck = new StorageError('unavailable', 'the database stopped a statement that took too long');
    const commit = new GroupCommit(db, async (request, _key, tx = db) => {
      const text = (request.body as { text: string }).text;
      ran.push(text);
      if (text === 'stuck') throw stuck;
      await sql(tx, 'INSERT INTO notes (text) VALUES (?)').run(text);
      return { status: 200, body: null };
    });
    const settled = await Promise.allSettled(['before', 'stuck', 'after', 'later'].map((text) => commit.submit(note(text), undefined)));
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(settled.slice(1)).toEqual(Array(3).fill({ status: 'rejected', reason: stuck }));
    expect(ran).toEqual(['before', 'stuck']);
    expect(committedNotes()).toEqual(['before']);
  });

  it('answers nothing before the commit: a commit that fails fails every request of its batch and keeps nothing', async () => {
    // A deferred foreign key is only checked at COMMIT, so the whole batch fails there.
    sqliteOf(db).exec(
      'CREATE TABLE parents (id INTEGER PRIMARY KEY); CREATE TABLE children (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const commit = new GroupCommit(db, async (request, _key, tx = db) => {
      const text = (request.body as { text: string }).text;
      await sql(tx, 'INSERT INTO notes (text) VALUES (?)').run(text);
      if (text !== 'after') await sql(tx, 'INSERT INTO children (parent) VALUES (42)').run();
      return { status: 200, body: null };
    });
    const settled = await Promise.allSettled([commit.submit(note('x'), undefined), commit.submit(note('y'), undefined)]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual([]);
    expect(await commit.submit(note('after'), undefined)).toEqual({ status: 200, body: null });
    expect(committedNotes()).toEqual(['after']);
  });
});

describe('group commit over HTTP', () => {
  it('answers concurrent writes each with its own result, stores the good ones and nothing of the bad', async () => {
    const h = await startApi();
    try {
      const bodies = Array.from({ length: 12 }, (_, index) => ({ name: `Batch division ${index}`, users: [], employer_ids: [] }));
      bodies[5] = { name: '', users: [], employer_ids: [] };
      bodies[9] = { name: 'Batch division 0', users: [], employer_ids: [] };
      const answers = await Promise.all(bodies.map((body) => h.request('POST', '/divisions/', body)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 400, 200, 200, 200, 400, 200, 200]);
      expect(answers[5]!.body).toEqual({ name: ['This field may not be blank.'] });
      expect(answers[9]!.body).toEqual({ name: ['division with this name already exists.'] });
      const listed = (await h.request('GET', '/divisions/list/')).body as { name: string }[];
      expect(
        listed
          .filter((division) => division.name.startsWith('Batch division'))
          .map((division) => division.name)
          .sort(),
      ).toEqual(
        bodies
          .filter((_, index) => index !== 5 && index !== 9)
          .map((body) => body.name)
          .sort(),
      );
    } finally {
      await h.close();
    }
  });
});
