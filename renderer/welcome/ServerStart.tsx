import { useState, type FocusEvent, type FormEvent } from 'react';
import type { BridgeResponse, SyncProgressEvent } from '../../shared/bridge';
import { looksLikeProduction, serverStartSchema, type ServerStart as ServerStartInput } from '../../shared/resources/server-start';
import { fieldErrorsFromZod, type FieldErrors } from '../../shared/validation/errors';
import { splitErrorBody } from '../api/api';
import { useWorkspace } from '../app/workspace-store';
import { bridge } from '../bridge/bridge';
import { FieldMessages } from '../forms/FieldFrame';
import { leavingForSubmit, TextInput } from '../forms/fields';
import { countText } from '../app/counts';
import { outcomeOf } from '../sync/sync-run';
import './welcome.css';

type ServerStartValues = Omit<ServerStartInput, 'production'>;
type Field = keyof ServerStartValues;
type Values = Record<Field, string>;
const FIELDS: Field[] = ['first_name', 'last_name', 'account', 'email', 'env', 'url', 'token'];

/** How the start went once the workspace exists: the pull's counts, or why it stopped (the workspace stays); how pushes there go, and the person's role. */
interface Started {
  text: string;
  complete: boolean;
  guard: string;
  role: string;
}

function startedOf(body: unknown): Started {
  const { env, production, admin, pull } = body as { env: string; production: boolean; admin: boolean; pull: BridgeResponse };
  const outcome = outcomeOf(env, 'pull', pull.status, pull.body);
  const guard = production
    ? `${env} is marked production: every push to it first shows what it would send, and goes only once you confirm.`
    : `${env} is not marked production: pushes to it go without asking. If it holds your agency's real records, mark it production in Sync (Edit ${env}).`;
  const role = admin
    ? `You are an admin on ${env}, and so here: you manage users and divisions.`
    : `You are a user on ${env}, not an admin, and so here: your agency's admins manage users and divisions.`;
  if ((pull.body as { cancelled?: boolean }).cancelled) {
    return {
      text: `Your workspace is set up and ${env} is saved; getting its records was stopped, and what was got so far stays. Open PlanDesk and get the rest from Sync.`,
      complete: false,
      guard,
      role,
    };
  }
  if (pull.status < 400) return { text: `Your workspace is ready with the records of ${env}. ${outcome.text}`, complete: true, guard, role };
  return {
    text: `Your workspace is set up and ${env} is saved, but getting its records stopped: ${outcome.text} Open PlanDesk and get them again from Sync.`,
    complete: false,
    guard,
    role,
  };
}

/**
 * First run on a new laptop, beside starting empty: the agency's server address and a token. The
 * server is checked first (nothing is made when it refuses); then the workspace is set up, the
 * server saved as an environment and its records got, with progress.
 */
export function ServerStart() {
  const load = useWorkspace((state) => state.load);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>({ first_name: '', last_name: '', account: '', email: '', env: 'production', url: '', token: '' });
  // Follows the name and the address (production for a server named so, or reached over https on
  // another computer) until the person sets it.
  const [productionChosen, setProductionChosen] = useState<boolean | undefined>(undefined);
  const production = productionChosen ?? looksLikeProduction(values.env, values.url);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [working, setWorking] = useState(false);
  const [progress, setProgress] = useState<SyncProgressEvent | undefined>(undefined);
  const [started, setStarted] = useState<Started | undefined>(undefined);
  // The agency's name is the server's: asked only once the server has answered that it does not say it.
  const [askAccount, setAskAccount] = useState(false);

  const parsed = serverStartSchema.safeParse(askAccount ? values : { ...values, account: undefined });
  const liveErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  const errorsOf = (field: Field) => serverErrors[field] ?? (touched[field] ? liveErrors[field] : undefined);
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const field = (name: Field) => ({
    value: values[name],
    onChange: set(name),
    // Leaving for the submit button shows nothing yet: the submit shows every error at once.
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (!leavingForSubmit(event)) setTouched((t) => ({ ...t, [name]: true }));
    },
    errors: errorsOf(name),
    required: true,
  });
  // Errors the form has no field for (a detail, or a field a newer core asks for) are listed under it.
  const otherErrors = Object.entries(serverErrors).flatMap(([name, messages]) => (FIELDS.includes(name as Field) ? [] : messages));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(FIELDS.map((name) => [name, true])));
    if (!parsed.success) return;
    setWorking(true);
    setProgress(undefined);
    // Listened to only while starting: in web mode a subscription holds a request open.
    const unsubscribe = bridge.onSyncProgress(setProgress);
    try {
      const response = await bridge.startFromServer({ ...parsed.data, production });
      if (response.status >= 400) {
        const { fieldErrors, detail } = splitErrorBody(response.body);
        setServerErrors(detail ? { non_field_errors: [detail], ...fieldErrors } : fieldErrors);
        if (fieldErrors['account']) setAskAccount(true);
        return;
      }
      setStarted(startedOf(response.body));
    } finally {
      unsubscribe();
      setWorking(false);
    }
  }

  if (!open) {
    return (
      <section aria-labelledby="server-start-heading" className="server-start">
        <p id="server-start-heading">
          Does your agency keep its employers and plans on a PlanDesk server? Start from it with its address and your API token, or start empty below.
        </p>
        <button type="button" onClick={() => setOpen(true)}>
          Start from my agency's server
        </button>
      </section>
    );
  }
  // While this is open, the form that starts empty (the next sibling) is hidden by the stylesheet: one way at a time.
  if (started) {
    return (
      <section aria-labelledby="server-start-heading" className="server-start server-start-open">
        <h2 id="server-start-heading">Start from your agency's server</h2>
        <div role="status" className={started.complete ? 'sync-done' : 'warning'}>
          <p>{started.text}</p>
          <p>{started.guard}</p>
          <p>{started.role}</p>
        </div>
        <button type="button" className="primary" onClick={() => void load()} autoFocus>
          Open PlanDesk
        </button>
      </section>
    );
  }
  const done = progress ? progress.done : 0;
  return (
    <section aria-labelledby="server-start-heading" className="server-start server-start-open">
      <h2 id="server-start-heading">Start from your agency's server</h2>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Start from your agency's server">
        <TextInput label="Your first name" {...field('first_name')} autoFocus />
        <TextInput label="Your last name" {...field('last_name')} />
        {askAccount && <TextInput label="Your agency or account name" {...field('account')} />}
        <TextInput label="Your work e-mail" type="email" inputMode="email" {...field('email')} />
        <TextInput label="Server address" type="url" inputMode="url" {...field('url')} help="e.g. https://plandesk.your-agency.com" />
        <TextInput label="Your API token" type="password" {...field('token')} help="Kept encrypted on this computer; never shown again." />
        <TextInput label="Call it" {...field('env')} help="The name the server has in Sync, e.g. production." />
        <label className="checkbox">
          <input type="checkbox" checked={production} onChange={(event) => setProductionChosen(event.target.checked)} />
          Production: show what would be sent and ask before every push (for your agency's real server)
        </label>
        <FieldMessages id="server-start-errors" errors={otherErrors} />
        {working && (
          <p role="status" aria-live="polite">
            {progress?.total ? <progress max={progress.total} value={done} aria-label={`Getting records from ${values.env}`} /> : null}{' '}
            {progress
              ? `Getting records from ${values.env}, ${countText(done)}${progress.total === null ? ' records so far' : ` of ${countText(progress.total)} records`}`
              : `Checking ${values.url}…`}
            {progress && (
              <>
                {' '}
                <button type="button" onClick={() => void bridge.cancelSync(values.env)}>
                  Stop
                </button>
              </>
            )}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={working}>
            {working ? 'Starting…' : 'Start from this server'}
          </button>
          <button type="button" disabled={working} onClick={() => setOpen(false)}>
            Start empty instead
          </button>
        </div>
      </form>
    </section>
  );
}
