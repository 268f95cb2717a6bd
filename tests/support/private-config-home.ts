// Every test file runs with a config folder of its own (XDG_CONFIG_HOME, which `plandesk` children
// inherit), so the token keys and default workspaces the tests make never land in the tester's home.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const configHome = mkdtempSync(join(tmpdir(), 'plandesk-config-home-'));
process.env.XDG_CONFIG_HOME = configHome;
afterAll(() => rmSync(configHome, { recursive: true, force: true }));
