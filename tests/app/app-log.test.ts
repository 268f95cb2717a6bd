// The desktop app's log: one line per event, an error's id on its line, rotation by size, and
// nothing shaped like a credential written.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppLog, errorId, redact } from '../../main/app/app-log.js';

let dir: string;
const at = () => new Date('2026-11-26T09:30:00.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the app log', () => {
  it('writes each event on a line with its time and level, creating the folder', () => {
    const log = new AppLog({ dir: join(dir, 'logs'), now: at });
    log.info('PlanDesk started');
    log.warn('something odd');
    expect(readFileSync(join(dir, 'logs', 'plandesk.log'), 'utf8')).toBe(
      '2026-11-26T09:30:00.000Z INFO PlanDesk started\n2026-11-26T09:30:00.000Z WARN something odd\n',
    );
  });

  it('gives an error an id a person can read out, found on its line with the stack indented under it', () => {
    const log = new AppLog({ dir, now: at });
    const id = log.error("the window's call sync failed", new Error('socket hang up'));
    expect(id).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    const text = readFileSync(join(dir, 'plandesk.log'), 'utf8');
    expect(text).toMatch(new RegExp(`^2026-11-26T09:30:00.000Z ERROR \\[${id}\\] the window's call sync failed: Error: socket hang up\\n\\s+at `));
  });

  it('answers the error a person sees: its message and the id of its line', () => {
    const log = new AppLog({ dir, now: at });
    const shown = log.reported('export failed', new Error('disk full'));
    const id = /^disk full \(error ([2-9A-Z]{6}), in the log\)$/.exec(shown.message)?.[1];
    expect(readFileSync(join(dir, 'plandesk.log'), 'utf8')).toContain(`[${id}] export failed`);
  });

  it('masks tokens, authorization headers and secret fields an error might quote', () => {
    expect(redact('401 for Authorization: Token 9f8e7d6c5b4a39281706')).toBe('401 for Authorization: [redacted]');
    expect(redact('sent Bearer eyJhbGciOiJIUzI1NiJ9.abc')).toBe('sent Bearer [redacted]');
    expect(redact('{"name":"staging","token":"pd_live_12345678"}')).toBe('{"name":"staging","token":"[redacted]"}');
    const log = new AppLog({ dir, now: at });
    log.error('push failed', new Error('remote said: Token abcdefgh12345678 is revoked'));
    expect(readFileSync(join(dir, 'plandesk.log'), 'utf8')).not.toContain('abcdefgh12345678');
  });

  it('rotates at its size, keeping the newest files only', () => {
    const log = new AppLog({ dir, maxBytes: 200, keep: 2, now: at });
    for (let i = 0; i < 20; i += 1) log.info(`event ${String(i).padStart(2, '0')} ${'x'.repeat(40)}`);
    expect(readdirSync(dir).sort()).toEqual(['plandesk.1.log', 'plandesk.2.log', 'plandesk.log']);
    const all = ['plandesk.2.log', 'plandesk.1.log', 'plandesk.log'].map((file) => readFileSync(join(dir, file), 'utf8')).join('');
    expect(all).toContain('event 19');
    expect(all).not.toContain('event 00');
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).length).toBeLessThan(200 + 100);
  });

  it('never throws when the log cannot be written', () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    const log = new AppLog({ dir: join(dir, 'not-a-folder', 'logs'), now: at });
    expect(() => log.info('lost')).not.toThrow();
    expect(log.error('lost too', new Error('x'))).toMatch(/^[2-9A-Z]{6}$/);
  });

  it('makes ids that differ', () => {
    expect(new Set(Array.from({ length: 50 }, errorId)).size).toBe(50);
  });
});
