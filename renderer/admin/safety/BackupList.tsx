import { useState } from 'react';
import type { BackupInfo } from '../../../shared/bridge';
import { restoreBackup, sizeText } from './restore';
import { ColumnHeads } from '../../app/ColumnHeads';
import { errorText } from '../../api/error-text';

/** The backups, newest first, each restorable after a confirmation that says what happens. */
export function BackupList({ backups, onRestored }: { backups: BackupInfo[]; onRestored(message: string): void }) {
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  async function restore(name: string) {
    setConfirming(undefined);
    try {
      const { restored, previous } = await restoreBackup(name);
      setError(undefined);
      onRestored(`Restored ${restored}. The database it replaced is kept as ${previous}.`);
    } catch (failure) {
      setError(`${name} was not restored: ${errorText(failure)}`);
    }
  }

  if (backups.length === 0) return <p>No backup yet.</p>;
  return (
    <>
      {error && <p role="alert">{error}</p>}
      <table className="admin-table backups" aria-label="Backups">
        <ColumnHeads names={['Backup', 'Taken', 'Size']} actions />
        <tbody>
          {backups.map((backup) => (
            <tr key={backup.name}>
              <td>{backup.name}</td>
              <td>{new Date(backup.at).toLocaleString()}</td>
              <td>{sizeText(backup.bytes)}</td>
              <td>
                <div className="actions">
                  {confirming === backup.name ? (
                    <div className="actions" role="group" aria-label={`Confirm restoring ${backup.name}`}>
                      <span>
                        Replace the workspace with this backup? Changes made since are set aside. Backups hold no tokens: enter each environment's token again
                        in Sync afterwards.
                      </span>
                      <button type="button" className="danger" onClick={() => void restore(backup.name)}>
                        Restore <span className="visually-hidden">{backup.name}</span>
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <button type="button" onClick={() => setConfirming(backup.name)}>
                      Restore… <span className="visually-hidden">{backup.name}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
