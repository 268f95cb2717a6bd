import { Fragment, useState } from 'react';
import type { EnvironmentInfo } from '../../shared/bridge';
import { testConnectionNow } from '../admin/admin-state';
import { AskFirst } from '../app/AskFirst';
import { ColumnHeads } from '../app/ColumnHeads';
import { timeAgo } from '../app/time-ago';
import { countText, counted } from '../app/counts';
import { ConnectionStatus } from './ConnectionStatus';
import { EnvironmentForm } from './EnvironmentForm';
import type { SyncRun } from './sync-run';

const COLUMNS = ['Environment', 'Address', 'Connection', 'Waiting', 'Last pulled'];

interface EnvironmentsTableProps {
  environments: EnvironmentInfo[];
  run: SyncRun;
  onRemove(name: string): void;
  /** Whose removal is being asked about. */
  removing: string | undefined;
  onAskRemove(name: string | undefined): void;
  /** Shows the environment's conflicts below. */
  onShowConflicts(name: string): void;
}

/**
 * One row per environment with what can be done with it; Edit opens the form right under its row.
 * An environment whose token is not on this computer (after a restore) offers only to enter it again.
 */
export function EnvironmentsTable({ environments, run, onRemove, removing, onAskRemove, onShowConflicts }: EnvironmentsTableProps) {
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const busy = run.running !== undefined;
  return (
    <table className="environments">
      <ColumnHeads names={COLUMNS} actions />
      <tbody>
        {environments.map((env) => (
          <Fragment key={env.name}>
            <tr>
              <td>
                {env.name}
                {env.production && <span className="tag">production</span>}
              </td>
              <td>{env.baseUrl}</td>
              <td>{env.tokenProblem ? <span className="connection offline">Enter the token again</span> : <ConnectionStatus env={env.name} />}</td>
              <td>
                {countText(env.pending)}
                {env.conflicts > 0 && (
                  <>
                    {' · '}
                    <button type="button" className="link" onClick={() => onShowConflicts(env.name)}>
                      {counted(env.conflicts, 'conflict')} <span className="visually-hidden">with {env.name}</span>
                    </button>
                  </>
                )}
              </td>
              <td>{env.last_pull ? timeAgo(env.last_pull) : 'never'}</td>
              <td>
                <div className="actions">
                  {env.tokenProblem ? (
                    <button type="button" className="primary" aria-expanded={editing === env.name} onClick={() => setEditing(env.name)}>
                      Enter the token of {env.name}
                    </button>
                  ) : (
                    <>
                      <button type="button" className="primary" disabled={busy} onClick={() => void run.push(env)}>
                        Push to {env.name}
                      </button>
                      <button type="button" disabled={busy} onClick={() => void run.pull(env)}>
                        Get records from {env.name}
                      </button>
                      <button type="button" disabled={busy} onClick={() => void run.showPreview(env)}>
                        What would be sent <span className="visually-hidden">to {env.name}</span>
                      </button>
                      <button type="button" onClick={() => void testConnectionNow(env.name)}>
                        Test <span className="visually-hidden">{env.name}</span>
                      </button>
                      <button type="button" aria-expanded={editing === env.name} onClick={() => setEditing(editing === env.name ? undefined : env.name)}>
                        Edit <span className="visually-hidden">{env.name}</span>
                      </button>
                    </>
                  )}
                  <AskFirst
                    asking={removing === env.name}
                    ask={
                      <>
                        Remove <span className="visually-hidden">{env.name}</span>
                      </>
                    }
                    onAsk={() => onAskRemove(env.name)}
                    disabled={run.running?.env === env.name}
                    confirm={`Remove ${env.name} for good`}
                    onConfirm={() => onRemove(env.name)}
                    onKeep={() => onAskRemove(undefined)}
                  />
                </div>
              </td>
            </tr>
            {editing === env.name && (
              <tr className="edit-row">
                <td colSpan={COLUMNS.length + 1}>
                  <EnvironmentForm editing={env} onDone={() => setEditing(undefined)} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
