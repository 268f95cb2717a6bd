import { z } from 'zod';
import { zField } from '../validation/fields.js';
import { newWorkspaceSchema } from './workspace.js';

/** An environment's name: letters, digits, '.', '_' or '-', as `plandesk env set` takes it. */
export const ENVIRONMENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * First run from the agency's server: the person (as the welcome screen asks), the environment to
 * save (its name, address and token) and nothing else: the first division is named after the server's.
 */
export const serverStartSchema = newWorkspaceSchema.omit({ division: true }).extend({
  first_name: zField.text(150),
  last_name: zField.text(150),
  env: zField.text(64).regex(ENVIRONMENT_NAME_PATTERN, { error: "Letters, digits, '.', '_' or '-', e.g. production." }),
  url: zField.text(2048),
  token: zField.text(1024).regex(/^\S+$/, { error: 'A token has no spaces.' }),
});

export type ServerStart = z.infer<typeof serverStartSchema>;
