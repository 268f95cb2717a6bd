import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../renderer/app/zip.js';

describe('a zip of text files', () => {
  it('is read by unzip: every file, its name and its exact content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plandesk-zip-'));
    try {
      const files = [
        { name: 'employers.csv', content: 'name,size\r\nGlobex,120\r\n' },
        { name: 'plans-medical.csv', content: 'title\r\nGold PPO — 2027\r\n' },
        { name: 'empty.csv', content: '' },
      ];
      const path = join(dir, 'export.zip');
      writeFileSync(path, new Uint8Array(await zipOf(files).arrayBuffer()));
      expect(execFileSync('unzip', ['-tq', path], { encoding: 'utf8' })).toMatch(/No errors detected/);
      for (const file of files) expect(execFileSync('unzip', ['-p', path, file.name], { encoding: 'utf8' })).toBe(file.content);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
