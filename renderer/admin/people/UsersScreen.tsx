import { useState } from 'react';
import type { UserAdminSummary } from '../../../shared/resources/user';
import { api, failureMessage } from '../../api/api';
import { divisionName, useWorkspace } from '../../app/workspace-store';
import { invalidateAdmin, useIsAdmin, useUsers } from '../admin-state';
import { UserForm } from './UserForm';
import '../admin.css';
import { ColumnHeads } from '../../app/ColumnHeads';
import { AskFirst } from '../../app/AskFirst';
import { errorText } from '../../api/error-text';

/** The account's users: who they are, which divisions they hold, who is an admin. Admins only. */
export function UsersScreen() {
  const isAdmin = useIsAdmin();
  const { data: users, error } = useUsers();
  const divisions = useWorkspace((state) => state.divisions);
  const me = useWorkspace((state) => (state.status?.ready ? state.status.user.id : undefined));
  const [editing, setEditing] = useState<UserAdminSummary | undefined>(undefined);
  const [removing, setRemoving] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  /** A new form after each save, so the next user starts blank. */
  const [saves, setSaves] = useState(0);

  async function remove(user: UserAdminSummary) {
    setRemoving(undefined);
    const result = await api.delete(`/users/${user.id}/`);
    setMessage(result.ok ? `${user.email} was removed.` : `${user.email} was not removed: ${failureMessage(result)}`);
    await invalidateAdmin();
  }

  if (!isAdmin) {
    return (
      <section aria-labelledby="users-heading" className="admin-screen">
        <h1 id="users-heading">Users</h1>
        <p>Only an admin manages users. You are a user here, not an admin: ask one of your agency's admins to add someone or change a role.</p>
      </section>
    );
  }
  if (error) {
    return (
      <section aria-labelledby="users-heading" className="admin-screen">
        <h1 id="users-heading">Users</h1>
        <p role="alert">The users could not be read: {errorText(error)}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="users-heading" className="admin-screen">
      <h1 id="users-heading">Users</h1>
      {message && <p role="status">{message}</p>}
      {!users ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <table className="admin-table" aria-label="Users">
          <ColumnHeads names={['E-mail', 'Name', 'Role', 'Divisions']} actions />
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>
                  {user.first_name} {user.last_name}
                </td>
                <td>{user.is_admin ? 'Admin' : 'User'}</td>
                <td>{user.division_ids.map((id) => divisionName(divisions, id)).join(', ')}</td>
                <td>
                  <div className="actions">
                    <button type="button" onClick={() => setEditing(user)}>
                      Edit <span className="visually-hidden">{user.email}</span>
                    </button>
                    {user.id !== me && (
                      <AskFirst
                        asking={removing === user.id}
                        ask={
                          <>
                            Remove… <span className="visually-hidden">{user.email}</span>
                          </>
                        }
                        onAsk={() => setRemoving(user.id)}
                        confirm={`Remove ${user.email}`}
                        onConfirm={() => void remove(user)}
                        onKeep={() => setRemoving(undefined)}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{editing ? `Change ${editing.email}` : 'Add a user'}</h2>
      <UserForm
        key={`${editing?.id ?? 'new'}-${saves}`}
        divisions={divisions}
        editing={editing}
        onDone={(text) => {
          setMessage(text);
          setEditing(undefined);
          setSaves(saves + 1);
        }}
        {...(editing ? { onCancel: () => setEditing(undefined) } : {})}
      />
    </section>
  );
}
