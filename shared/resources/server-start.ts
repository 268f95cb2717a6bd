import { z } from 'zod';
import { zField } from '../validation/fields.js';
import { newWorkspaceSchema } from './workspace.js';

/** An environment's name: letters, digits, '.', '_' or '-', as `plandesk env set` takes it. */
export const ENVIRONMENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** 127.0.0.0/8, ::1 or localhost, as the URL parser normalises them (127.1 becomes 127.0.0.1). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Whether a server a workspace starts from is, unless the person says otherwise, guarded as
 * production (each push shows what it would send and waits for a yes): one named so, or one
 * reached over https on a host that is not this computer (an agency's real server).
 */
export function looksLikeProduction(name: string, url: string): boolean {
  if (/prod/i.test(name)) return true;
  const host = /^https:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)/i.exec(url.trim())?.[1]?.toLowerCase();
  return host !== undefined && !isLoopbackHost(host);
}

/**
 * First run from the agency's server: the person (as the welcome screen asks), the environment to
 * save (its name, address, token, and whether it is production: when not said, as
 * `looksLikeProduction` tells) and nothing else: the first division is named after the server's,
 * and the account (the agency) too, unless the server does not say it (a remote without
 * PlanDesk's extensions): then it is asked for.
 */
export const serverStartSchema = newWorkspaceSchema.omit({ division: true }).extend({
  account: zField.text().optional(),
  first_name: zField.text(150),
  last_name: zField.text(150),
  env: zField.text(64).regex(ENVIRONMENT_NAME_PATTERN, { error: "Letters, digits, '.', '_' or '-', e.g. production." }),
  url: zField.text(2048),
  token: zField.text(1024).regex(/^\S+$/, { error: 'A token has no spaces.' }),
  production: z.boolean().optional(),
});

export type ServerStart = z.infer<typeof serverStartSchema>;
