import { z } from 'zod';
import { zField } from '../validation/fields.js';
import { zEmail } from './user.js';

/** What the welcome screen (and `plandesk local init`) asks for to set up a workspace offline. */
export const newWorkspaceSchema = z.object({
  account: zField.text(),
  email: zEmail(),
  division: zField.text(),
});

export type NewWorkspace = z.infer<typeof newWorkspaceSchema>;

/** Whether the workspace is set up, and who the person at the laptop is. */
export type WorkspaceStatus =
  | { ready: false }
  | { ready: true; user: { id: string; email: string; first_name: string; last_name: string }; account: string };
