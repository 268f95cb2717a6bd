// The window's built page: what it loads at start is minified and holds only what the first
// screens need; the admin, sync, import, exhibit and drafts screens and the NAICS titles are chunks
// of their own, fetched when first used; and nothing inline, so the Content-Security-Policy holds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const RENDERER = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
const ON_DEMAND = [
  'DraftsScreen',
  'ExhibitScreen',
  'ImportScreen',
  'SyncScreen',
  'UsersScreen',
  'DivisionsScreen',
  'InspectorScreen',
  'BackupsScreen',
  'naics',
];

let html: string;
let assets: string[];
let startScripts: string[];

beforeAll(() => {
  html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  assets = readdirSync(join(RENDERER, 'assets'));
  startScripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\.\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
});

describe('the renderer build', () => {
  it('starts with its entry script and the chunks the entry imports', () => {
    expect(startScripts.length).toBeGreaterThan(0);
    expect(startScripts.some((file) => file.startsWith('index-'))).toBe(true);
  });

  it('makes each screen loaded on demand, and the NAICS titles, a chunk of its own that the page does not load at start', () => {
    for (const name of ON_DEMAND) {
      const chunks = assets.filter((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
      expect(chunks, name).toHaveLength(1);
      expect(startScripts).not.toContain(chunks[0]);
    }
    const startCode = startScripts.map((file) => readFileSync(join(RENDERER, 'assets', file), 'utf8')).join('\n');
    expect(startCode).not.toContain('Custom Computer Programming Services');
  });

  it('is minified', () => {
    for (const file of startScripts) {
      const code = readFileSync(join(RENDERER, 'assets', file), 'utf8');
      const lines = code.split('\n').length;
      // unminified, a line averages some 30 characters; minified, a line is thousands long
      expect(lines, `${file}: ${lines} lines for ${code.length} characters`).toBeLessThanOrEqual(Math.ceil(code.length / 1_000));
    }
  });

  it('has no inline script or style, so the page keeps its strict Content-Security-Policy', () => {
    expect(html).toContain("script-src 'self'; style-src 'self'");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });
});
