import { useState } from 'react';
import type { WorkspaceProblem } from '../../../shared/resources/workspace';
import { useBackups } from '../admin-state';
import { BackupList } from './BackupList';
import '../admin.css';
import { errorText } from '../../api/error-text';

const ADVICE: Partial<Record<WorkspaceProblem['kind'], string>> = {
  damaged: 'Nothing was repaired or changed. Restore the latest good backup below; the damaged database is kept beside it.',
  'too-new': 'Install the newer PlanDesk that wrote it, or restore a backup taken before it.',
  'read-only': 'Give PlanDesk write access to the workspace folder, then try again.',
  full: 'Free some disk space, then try again.',
};

/** Shown instead of the app when the workspace cannot be opened: what is wrong, and the way back. */
export function RecoveryScreen({ problem, onRetry }: { problem: WorkspaceProblem; onRetry(): void }) {
  const { data: backups, error } = useBackups();
  const [restored, setRestored] = useState<string | undefined>(undefined);
  return (
    <main className="recovery" aria-labelledby="recovery-heading">
      <h1 id="recovery-heading">PlanDesk cannot open this workspace</h1>
      <p role="alert">{problem.message}</p>
      {problem.details && problem.details.length > 0 && (
        <details>
          <summary>What the check found</summary>
          <ul>
            {problem.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        </details>
      )}
      {ADVICE[problem.kind] && <p>{ADVICE[problem.kind]}</p>}
      {restored && <p role="status">{restored}</p>}
      <h2>Backups, newest first</h2>
      {error && <p role="alert">The backups could not be listed: {errorText(error)}</p>}
      {backups && <BackupList backups={backups} onRestored={setRestored} />}
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}
