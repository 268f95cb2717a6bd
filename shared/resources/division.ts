import { z } from 'zod';
import { zField } from '../validation/fields.js';
import { parseWith } from './parse.js';
import { zEmail, zEmailItem } from './user.js';

export const divisionSchema = z.object({
  name: zField.text(),
  users: zField.uniqueList(zEmailItem()),
  employer_ids: zField.uniqueList(zField.uuidItem()),
});

export const divisionMemberSchema = z.object({ email: zEmail() });

type DivisionInput = z.infer<typeof divisionSchema>;

export function parseDivision(body: Record<string, unknown>) {
  return parseWith(divisionSchema, body);
}

export function parseDivisionMember(body: Record<string, unknown>) {
  return parseWith(divisionMemberSchema, body);
}

/** A division as the service returns it; `users` are e-mails. */
export interface Division extends DivisionInput {
  id: string;
}

export interface NamedRef {
  id: string;
  name: string;
}
