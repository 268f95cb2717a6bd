import { useState } from 'react';
import type { BackupInfo, WorkspaceCheck } from '../../../shared/bridge';
import { bridge } from '../../bridge/bridge';
import { answerOf, invalidateBackups, useBackups } from '../admin-state';
import { BackupList } from './BackupList';
import '../admin.css';
import { errorText } from '../../api/error-text';

/** When the newest backup was taken, said in words: "Last backup: today at 10:42 (plandesk-2026-05-04.db)". */
function lastBackupText(backups: readonly BackupInfo[]): string {
  const [newest] = backups;
  if (!newest) return 'No backup yet: the first is taken after the first change you make.';
  const at = new Date(newest.at);
  const day =
    at.toDateString() === new Date().toDateString()
      ? 'today'
      : at.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return `Last backup: ${day} at ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} (${newest.name}).`;
}

/** Backups (the day's after its first change and on quit, the last seven days kept), backing up now, restoring, and checking the workspace. */
export function BackupsScreen() {
  const { data: backups, error } = useBackups();
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [check, setCheck] = useState<WorkspaceCheck | undefined>(undefined);

  async function backUpNow() {
    try {
      const made = await answerOf<{ name: string }>(bridge.backupWorkspace());
      setMessage(`Backed up as ${made.name}.`);
    } catch (failure) {
      setMessage(`The backup failed: ${errorText(failure)}`);
    }
    await invalidateBackups();
  }

  async function checkNow() {
    setCheck(undefined);
    setMessage(undefined);
    try {
      setCheck(await bridge.checkWorkspace());
    } catch (failure) {
      setMessage(`The check could not be made: ${errorText(failure)}`);
    }
  }

  return (
    <section aria-labelledby="backups-heading" className="admin-screen">
      <h1 id="backups-heading">Backups</h1>
      {backups && <p className="last-backup">{lastBackupText(backups)}</p>}
      <p className="muted">
        A backup is taken each day after the day&apos;s first change, and again when PlanDesk quits if anything changed since; the last seven days are kept. A
        restore checks the backup first and keeps the database it replaces.
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void backUpNow()}>
          Back up now
        </button>
        <button type="button" onClick={() => void checkNow()}>
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
      {error && <p role="alert">The backups could not be listed: {errorText(error)}</p>}
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
