import { z } from 'zod';
import { zField } from '../validation/fields.js';
import { zEmail } from './user.js';

/**
 * What the welcome screen (and `plandesk local init`) asks for to set up a workspace offline. The
 * person's name is asked by the window; without one (the command line) the user is named from the
 * e-mail, as before.
 */
export const newWorkspaceSchema = z.object({
  account: zField.text(),
  email: zEmail(),
  division: zField.text(),
  first_name: zField.text(150).optional(),
  last_name: zField.text(150).optional(),
});

export type NewWorkspace = z.infer<typeof newWorkspaceSchema>;

/** Why a workspace database cannot be used, or not written: the main process's storage checks. */
export type StorageProblem = 'damaged' | 'read-only' | 'full' | 'not-a-file' | 'no-folder' | 'too-new' | 'foreign' | 'unavailable' | 'refused' | 'bad-location';

/** A storage problem in one sentence, for the recovery screen (or a read-only banner). */
export interface WorkspaceProblem {
  kind: StorageProblem;
  message: string;
  /** What the start-up check found, when it found the workspace damaged. */
  details?: string[];
}

/**
 * Whether the workspace is set up, and who the person at the laptop is. `problem` on a workspace
 * that is not ready: it cannot be opened (damaged, from a newer build...); on a ready one: it can be
 * read but not written (read-only, full disk).
 */
export type WorkspaceStatus =
  | { ready: false; problem?: WorkspaceProblem }
  | {
      ready: true;
      /** `is_admin`: the person's role here (in a workspace started from a server, their role there). */
      user: { id: string; email: string; first_name: string; last_name: string; is_admin: boolean };
      account: string;
      problem?: WorkspaceProblem;
    };
