import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/validation/errors';
import type { UserAdminSummary } from '../../../shared/resources/user';
import { api, failureMessage } from '../../api/api';
import { TextInput } from '../../forms/fields';
import type { Named } from '../../app/workspace-store';
import { invalidateAdmin } from '../admin-state';

interface UserFormProps {
  divisions: Named[];
  /** The user being changed; a new one when absent. */
  editing?: UserAdminSummary;
  onDone(message: string): void;
  onCancel?(): void;
}

/** A user's e-mail, name, divisions and admin role; saved through the local API and queued like any change. */
export function UserForm({ divisions, editing, onDone, onCancel }: UserFormProps) {
  const [form, setForm] = useState({
    email: editing?.email ?? '',
    first_name: editing?.first_name ?? '',
    last_name: editing?.last_name ?? '',
    division_ids: editing?.division_ids ?? [],
    is_admin: editing?.is_admin ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);

  async function save(event: FormEvent) {
    event.preventDefault();
    const { is_admin, ...body } = form;
    const saved = editing ? await api.put<UserAdminSummary>(`/users/${editing.id}/`, body) : await api.post<UserAdminSummary>('/users/', body);
    if (!saved.ok) {
      setErrors(saved.fieldErrors);
      setFailure(Object.keys(saved.fieldErrors).some((field) => field !== 'non_field_errors') ? undefined : failureMessage(saved));
      return;
    }
    if (is_admin !== (editing?.is_admin ?? false)) {
      const role = await api.put(`/users/${saved.body.id}/role/`, { is_admin });
      if (!role.ok) {
        setFailure(`${saved.body.email} was saved, but the admin role was not: ${failureMessage(role)}`);
        await invalidateAdmin();
        return;
      }
    }
    await invalidateAdmin();
    onDone(editing ? `${saved.body.email} was saved.` : `${saved.body.email} was added.`);
  }

  const toggle = (id: string, on: boolean) =>
    setForm({ ...form, division_ids: on ? [...form.division_ids, id] : form.division_ids.filter((held) => held !== id) });

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={editing ? `Change ${editing.email}` : 'Add a user'} className="admin-form">
      <TextInput label="E-mail" type="email" value={form.email} onChange={(email) => setForm({ ...form, email })} errors={errors['email']} required />
      <TextInput
        label="First name"
        value={form.first_name}
        onChange={(first_name) => setForm({ ...form, first_name })}
        errors={errors['first_name']}
        required
      />
      <TextInput label="Last name" value={form.last_name} onChange={(last_name) => setForm({ ...form, last_name })} errors={errors['last_name']} required />
      <fieldset>
        <legend>Divisions</legend>
        {divisions.map((division) => (
          <label key={division.id} className="checkbox">
            <input type="checkbox" checked={form.division_ids.includes(division.id)} onChange={(event) => toggle(division.id, event.target.checked)} />
            {division.name}
          </label>
        ))}
        {errors['division_ids'] && <p role="alert">{errors['division_ids'].join(' ')}</p>}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" checked={form.is_admin} onChange={(event) => setForm({ ...form, is_admin: event.target.checked })} />
        Admin: manages users, divisions and environments (kept on this computer; the API has no admin role)
      </label>
      {(failure || errors['non_field_errors']) && <p role="alert">{failure ?? errors['non_field_errors']!.join(' ')}</p>}
      <div className="actions">
        <button type="submit" className="primary">
          {editing ? `Save ${editing.email}` : 'Add user'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
