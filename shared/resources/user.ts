import { z } from 'zod';
import { refuseUnstorable, zField } from '../validation/fields.js';
import { messages } from '../validation/messages.js';
import { parseWith } from './parse.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const zEmail = () => zField.text(254).regex(EMAIL_PATTERN, { error: messages.email });

/** An e-mail inside a list (a division's users): the message names the item, lower-cased for comparison. */
export const zEmailItem = () =>
  z
    .string({ error: (issue) => messages.invalidEmailItem(issue.input) })
    .trim()
    .refine((email) => email.length <= 254, { error: (issue) => messages.invalidEmailItem(issue.input) })
    .superRefine(refuseUnstorable)
    .regex(EMAIL_PATTERN, { error: (issue) => messages.invalidEmailItem(issue.input) })
    .toLowerCase();

export const userSchema = z.object({
  email: zEmail(),
  first_name: zField.text(150),
  last_name: zField.text(150),
  division_ids: zField.uniqueList(zField.uuidItem()),
});

export type UserInput = z.infer<typeof userSchema>;

/** PUT /users/{id}/role/ (local): the admin role, which the API itself cannot set. */
export const userRoleSchema = z.object({ is_admin: zField.bool() });

export function parseUser(body: Record<string, unknown>) {
  return parseWith(userSchema, body);
}

export function parseUserRole(body: Record<string, unknown>) {
  return parseWith(userRoleSchema, body);
}

/** A user as the service returns it. */
export interface User extends UserInput {
  id: string;
  username: string;
}

export interface UserSummary {
  id: string;
  email: string;
  username: string;
}

/** A user as the admin screens list them (GET /users/summaries/, local): the API's user and the admin role. */
export interface UserAdminSummary extends User {
  is_admin: boolean;
}
