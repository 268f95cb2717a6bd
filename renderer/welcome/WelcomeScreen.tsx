import { useState, type FormEvent } from 'react';
import { newWorkspaceSchema, type NewWorkspace } from '../../shared/resources/workspace';
import { fieldErrorsFromZod, type FieldErrors } from '../../shared/validation/errors';
import { splitErrorBody } from '../api/api';
import { useWorkspace } from '../app/workspace-store';
import { bridge } from '../bridge/bridge';
import { FieldMessages } from '../forms/FieldFrame';
import { TextInput } from '../forms/fields';
import { ServerStart } from './ServerStart';

/** First run: sets up the local workspace, offline. Everything else waits for this. */
export function WelcomeScreen() {
  const load = useWorkspace((state) => state.load);
  const [values, setValues] = useState<NewWorkspace>({ account: '', email: '', division: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof NewWorkspace, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const parsed = newWorkspaceSchema.safeParse(values);
  const liveErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  const errorsOf = (field: keyof NewWorkspace) => serverErrors[field] ?? (touched[field] ? liveErrors[field] : undefined);
  const set = (field: keyof NewWorkspace) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ account: true, email: true, division: true });
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
        PlanDesk keeps your employers and benefit plans on this computer, so you can work without a network. Set up your
        workspace to begin; an administrator can push your work to staging or production later.
      </p>
      <ServerStart />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set up your workspace">
        <TextInput label="Your agency or account name" value={values.account} onChange={set('account')} onBlur={() => setTouched((t) => ({ ...t, account: true }))} errors={errorsOf('account')} required autoFocus />
        <TextInput label="Your work e-mail" type="email" inputMode="email" value={values.email} onChange={set('email')} onBlur={() => setTouched((t) => ({ ...t, email: true }))} errors={errorsOf('email')} required />
        <TextInput
          label="First division"
          value={values.division}
          onChange={set('division')}
          onBlur={() => setTouched((t) => ({ ...t, division: true }))}
          errors={errorsOf('division')}
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
