import { useState } from 'react';
import type { WorkspaceCheck } from '../../../shared/bridge';
import { bridge } from '../../bridge/bridge';
import { answerOf, invalidateBackups, useBackups } from '../admin-state';
import { BackupList } from './BackupList';
import '../admin.css';

/** Backups (one a day is made on start, the last seven kept), backing up now, restoring, and checking the workspace. */
export function BackupsScreen() {
  const { data: backups, error } = useBackups();
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [check, setCheck] = useState<WorkspaceCheck | undefined>(undefined);

  async function backUpNow() {
    try {
      const made = await answerOf<{ name: string }>(bridge.backupWorkspace());
      setMessage(`Backed up as ${made.name}.`);
    } catch (failure) {
      setMessage(`The backup failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
    await invalidateBackups();
  }

  return (
    <section aria-labelledby="backups-heading" className="admin-screen">
      <h1 id="backups-heading">Backups</h1>
      <p className="muted">A backup is taken every day when PlanDesk starts; the last seven are kept. A restore checks the backup first and keeps the database it replaces.</p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void backUpNow()}>
          Back up now
        </button>
        <button type="button" onClick={() => void bridge.checkWorkspace().then(setCheck)}>
          Check the workspace
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      {check && (
        <div role="status" className={check.ok ? 'sync-done' : 'warning'}>
          {check.ok ? (
            <p>The workspace is intact.</p>
          ) : (
            <ul>
              {check.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && <p role="alert">The backups could not be listed: {error.message}</p>}
      {backups && (
        <BackupList
          backups={backups}
          onRestored={(text) => {
            setMessage(text);
            void invalidateBackups();
          }}
        />
      )}
    </section>
  );
}
