import { useState, type FormEvent } from 'react';
import type { EnvironmentInfo } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { TextInput } from '../forms/fields';
import { answerOf, invalidateSync } from '../admin/admin-state';

interface EnvironmentFormProps {
  /** The environment being changed; a new one when absent. */
  editing?: EnvironmentInfo;
  onDone(): void;
}

/**
 * Adds an environment (its token typed once, never shown again) or changes one's address and
 * production flag; giving a token while changing one replaces the saved token.
 */
export function EnvironmentForm({ editing, onDone }: EnvironmentFormProps) {
  const [form, setForm] = useState({ name: editing?.name ?? '', url: editing?.baseUrl ?? '', token: '', production: editing?.production ?? false });
  const [error, setError] = useState<string | undefined>(undefined);
  /** Its token cannot be used on this computer (after a restore, say): it is typed again. */
  const tokenProblem = editing?.tokenProblem ?? null;
  const tokenHelp = tokenProblem
    ? `${tokenProblem}: type it again. Kept encrypted on this computer; never shown again.`
    : editing
      ? 'Leave empty to keep the saved token; it is never shown.'
      : 'Kept encrypted on this computer; never shown again.';

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await answerOf(bridge.saveEnvironment({ name: form.name, url: form.url, production: form.production, ...(form.token ? { token: form.token } : {}) }));
    } catch (failure) {
      setError(`The environment could not be saved: ${failure instanceof Error ? failure.message : String(failure)}`);
      return;
    }
    setForm({ name: '', url: '', token: '', production: false });
    setError(undefined);
    await invalidateSync();
    onDone();
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={editing ? `Change ${editing.name}` : 'Add an environment'} className="environment-form">
      {editing ? (
        <p>
          <strong>{editing.name}</strong>
        </p>
      ) : (
        <TextInput label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} help="e.g. staging or production" required />
      )}
      <TextInput
        label="Base URL"
        type="url"
        value={form.url}
        onChange={(url) => setForm({ ...form, url })}
        required
        autoFocus={editing !== undefined && tokenProblem === null}
      />
      <TextInput
        label={editing && tokenProblem === null ? 'New API token' : 'API token'}
        type="password"
        value={form.token}
        onChange={(token) => setForm({ ...form, token })}
        help={tokenHelp}
        required={!editing || tokenProblem !== null}
        autoFocus={tokenProblem !== null}
      />
      <label className="checkbox">
        <input type="checkbox" checked={form.production} onChange={(event) => setForm({ ...form, production: event.target.checked })} />
        Production: show what would be sent and ask before every push
      </label>
      {error && <p role="alert">{error}</p>}
      <div className="actions">
        <button type="submit" className="primary">
          {editing ? `Save ${editing.name}` : 'Save environment'}
        </button>
        {editing && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
