// Every test file runs with config, cache and state folders of its own (XDG_CONFIG_HOME,
// XDG_CACHE_HOME, XDG_STATE_HOME, which `plandesk` children inherit), so the token keys, default
// workspaces, the desktop app's caches and its log never land in the tester's home.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const configHome = mkdtempSync(join(tmpdir(), 'plandesk-config-home-'));
process.env.XDG_CONFIG_HOME = configHome;
process.env.XDG_CACHE_HOME = join(configHome, 'cache');
process.env.XDG_STATE_HOME = join(configHome, 'state');
afterAll(() => rmSync(configHome, { recursive: true, force: true }));
