import { useState, type FocusEvent, type FormEvent } from 'react';
import { z } from 'zod';
import { zField } from '../../shared/validation/fields';
import { newWorkspaceSchema } from '../../shared/resources/workspace';
import { fieldErrorsFromZod, type FieldErrors } from '../../shared/validation/errors';
import { splitErrorBody } from '../api/api';
import { useWorkspace } from '../app/workspace-store';
import { bridge } from '../bridge/bridge';
import { FieldMessages } from '../forms/FieldFrame';
import { leavingForSubmit, TextInput } from '../forms/fields';
import { ServerStart } from './ServerStart';

/** The welcome screen asks the person's name too: it is how Users and every record's history show them. */
const welcomeSchema = newWorkspaceSchema.extend({ first_name: zField.text(150), last_name: zField.text(150) });
type Welcome = z.infer<typeof welcomeSchema>;
const FIELDS = ['first_name', 'last_name', 'email', 'account', 'division'] as const;

/** First run: sets up the local workspace, offline. Everything else waits for this. */
export function WelcomeScreen() {
  const load = useWorkspace((state) => state.load);
  const [values, setValues] = useState<Welcome>({ first_name: '', last_name: '', email: '', account: '', division: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Welcome, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const parsed = welcomeSchema.safeParse(values);
  const liveErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  const errorsOf = (field: keyof Welcome) => serverErrors[field] ?? (touched[field] ? liveErrors[field] : undefined);
  const set = (field: keyof Welcome) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  // Leaving for the submit button shows nothing yet: the submit shows every error at once.
  const touch = (field: keyof Welcome) => (event: FocusEvent<HTMLInputElement>) => {
    if (!leavingForSubmit(event)) setTouched((current) => ({ ...current, [field]: true }));
  };
  /** What every field of the form is wired to: its value, its edits, leaving it, and its errors. */
  const fieldProps = (field: keyof Welcome) => ({ value: values[field], onChange: set(field), onBlur: touch(field), errors: errorsOf(field) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(FIELDS.map((field) => [field, true])));
    if (!parsed.success) return;
    setSaving(true);
    try {
      const response = await bridge.setupWorkspace(parsed.data);
      if (response.status >= 400) {
        const { fieldErrors, detail } = splitErrorBody(response.body);
        setServerErrors(detail ? { non_field_errors: [detail], ...fieldErrors } : fieldErrors);
        return;
      }
      await load();
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="welcome">
      <h1>Welcome to PlanDesk</h1>
      <p>
        PlanDesk keeps your employers and benefit plans on this computer, so you can work without a network. Set up your workspace to begin; an administrator
        can push your work to staging or production later.
      </p>
      <ServerStart />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set up your workspace">
        <TextInput label="Your first name" {...fieldProps('first_name')} required autoFocus />
        <TextInput label="Your last name" {...fieldProps('last_name')} required />
        <TextInput label="Your work e-mail" type="email" inputMode="email" {...fieldProps('email')} required />
        <TextInput label="Your agency or account name" {...fieldProps('account')} required />
        <TextInput
          label="First division"
          {...fieldProps('division')}
          help="Divisions group employers and decide who can see them, e.g. your team or region."
          required
        />
        <FieldMessages id="welcome-errors" errors={serverErrors['non_field_errors']} />
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Setting up…' : 'Set up workspace'}
        </button>
      </form>
    </main>
  );
}
