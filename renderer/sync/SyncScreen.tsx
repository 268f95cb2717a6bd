import { useEffect, useState, type FormEvent } from 'react';
import type { SyncProgressEvent } from '../../shared/bridge';
import { splitErrorBody } from '../api/api';
import { bridge } from '../bridge/bridge';
import { TextInput } from '../forms/fields';
import { invalidateServerState, useEnvironments } from '../data/server-state';
import './sync.css';

interface SyncOutcome {
  env: string;
  text: string;
  errors: { record: string; path: string; error: string }[];
  failed: boolean;
}

function outcomeOf(env: string, status: number, body: unknown): SyncOutcome {
  const summary = body as { pushed?: number; failed?: number; pending?: number; cancelled?: boolean; errors?: SyncOutcome['errors'] };
  if (status >= 400) return { env, text: splitErrorBody(body).detail ?? `The sync failed (${status}).`, errors: [], failed: true };
  if (summary.cancelled) return { env, text: `Cancelled. ${summary.pending ?? 0} changes are still waiting.`, errors: [], failed: false };
  return {
    env,
    text: `Pushed ${summary.pushed ?? 0}, failed ${summary.failed ?? 0}; ${summary.pending ?? 0} still waiting.`,
    errors: summary.errors ?? [],
    failed: (summary.failed ?? 0) > 0,
  };
}

/** Environments (staging, production) and pushing this laptop's queued changes to them. */
export function SyncScreen() {
  const { data: environments, error: environmentsError } = useEnvironments();
  const [progress, setProgress] = useState<SyncProgressEvent | undefined>(undefined);
  const [running, setRunning] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<SyncOutcome | undefined>(undefined);
  const [form, setForm] = useState({ name: '', url: '', token: '' });
  const [formError, setFormError] = useState<string | undefined>(undefined);

  useEffect(() => bridge.onSyncProgress(setProgress), []);

  async function sync(env: string) {
    setRunning(env);
    setOutcome(undefined);
    setProgress(undefined);
    try {
      const response = await bridge.sync(env);
      setOutcome(outcomeOf(env, response.status, response.body));
    } catch (error) {
      // A run that ends without a summary must still say so; the table's "Waiting" column is refreshed below.
      setOutcome({ env, text: `The sync stopped without a summary: ${error instanceof Error ? error.message : String(error)}`, errors: [], failed: true });
    } finally {
      setRunning(undefined);
      void invalidateServerState();
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    let response;
    try {
      response = await bridge.saveEnvironment(form);
    } catch (error) {
      setFormError(`The environment could not be saved: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (response.status >= 400) {
      setFormError(splitErrorBody(response.body).detail ?? 'The environment could not be saved.');
      return;
    }
    setForm({ name: '', url: '', token: '' });
    setFormError(undefined);
    void invalidateServerState();
  }

  return (
    <section aria-labelledby="sync-heading" className="sync-screen">
      <h1 id="sync-heading">Sync</h1>
      <p className="muted">
        Every change you make is queued on this computer. Pushing sends the queue to an environment; nothing is sent twice and nothing is
        lost if the network drops.
      </p>
      {environmentsError && <p role="alert">The environments could not be read: {environmentsError.message}</p>}
      {environments === undefined && !environmentsError && <p aria-busy="true">Loading…</p>}
      {environments?.length === 0 && <p>No environment yet: add staging or production below.</p>}
      {environments && environments.length > 0 && (
        <table className="environments">
          <thead>
            <tr>
              <th scope="col">Environment</th>
              <th scope="col">Address</th>
              <th scope="col">Waiting</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {environments.map((env) => (
              <tr key={env.name}>
                <td>{env.name}</td>
                <td>{env.baseUrl}</td>
                <td>{env.pending}</td>
                <td className="actions">
                  {running === env.name ? (
                    <button type="button" onClick={() => void bridge.cancelSync(env.name)}>
                      Cancel
                    </button>
                  ) : (
                    <button type="button" className="primary" disabled={running !== undefined} onClick={() => void sync(env.name)}>
                      Push to {env.name}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {running && (
        <div className="sync-progress" role="status" aria-live="polite">
          <progress max={progress?.total || 1} value={progress ? progress.done + progress.failed : 0} />
          <span>
            {progress ? `${progress.done + progress.failed} of ${progress.total}` : 'Starting…'}
            {progress?.current ? ` · ${progress.current}` : ''}
          </span>
        </div>
      )}
      {outcome && (
        <div className={outcome.failed ? 'warning' : 'sync-done'} role="status">
          <p>
            <strong>{outcome.env}:</strong> {outcome.text}
          </p>
          {outcome.errors.length > 0 && (
            <ul>
              {outcome.errors.map((error) => (
                <li key={error.record + error.path}>
                  {error.path}: {error.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h2>Add or replace an environment</h2>
      <form onSubmit={(event) => void save(event)} aria-label="Add an environment" className="environment-form">
        <TextInput label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} help="e.g. staging or production" required />
        <TextInput label="Base URL" type="url" value={form.url} onChange={(url) => setForm({ ...form, url })} required />
        <TextInput label="API token" type="password" value={form.token} onChange={(token) => setForm({ ...form, token })} help="Kept encrypted on this computer; never shown again." required />
        {formError && <p role="alert">{formError}</p>}
        <button type="submit" className="primary">
          Save environment
        </button>
      </form>
    </section>
  );
}
