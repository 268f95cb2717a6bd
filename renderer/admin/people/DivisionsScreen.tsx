import { useState, type FormEvent } from 'react';
import { TextInput } from '../../forms/fields';
import { useWorkspace } from '../../app/workspace-store';
import { useEmployerSummaries } from '../../data/server-state';
import { useDivisions, useIsAdmin } from '../admin-state';
import { createDivision, deleteDivision, moveEmployers, renameDivision } from './division-changes';
import { DivisionRow } from './DivisionRow';
import { EmployersByDivision } from './EmployersByDivision';
import { counted } from '../../app/counts';
import '../admin.css';
import { ColumnHeads } from '../../app/ColumnHeads';
import { errorText } from '../../api/error-text';

/** A change's outcome in words: `success`, or `refused` ("West Region was not deleted") and the service's reason. */
async function outcomeOf(work: Promise<string | undefined>, success: string, refused: string): Promise<{ text: string; failed: boolean }> {
  const failure = await work;
  return failure ? { text: `${refused}: ${failure}`, failed: true } : { text: success, failed: false };
}

/** Divisions: create, rename, delete, and which employers each holds. Admins only. */
export function DivisionsScreen() {
  const isAdmin = useIsAdmin();
  const { data: divisions, error } = useDivisions();
  // Moving employers needs every one of them, not the list's first screenful.
  const summaries = useEmployerSummaries();
  const employers = summaries.complete ? summaries.rows : undefined;
  const email = useWorkspace((state) => (state.status?.ready ? state.status.user.email : ''));
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | undefined>(undefined);

  /** `refused`: how a failure begins ("West Region was not deleted"), so the service's reason reads in context. */
  async function run(work: Promise<string | undefined>, success: string, refused: string) {
    const said = await outcomeOf(work, success, refused);
    setMessage(said);
    return !said.failed;
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (await run(createDivision(name, email), `${name} was added.`, `${name} was not added`)) setName('');
  }

  if (!isAdmin) {
    return (
      <section aria-labelledby="divisions-heading" className="admin-screen">
        <h1 id="divisions-heading">Divisions</h1>
        <p>
          {error
            ? `The divisions could not be read: ${errorText(error)}`
            : "Only an admin manages divisions. You are a user here, not an admin: ask one of your agency's admins to add a division or move an employer."}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="divisions-heading" className="admin-screen">
      <h1 id="divisions-heading">Divisions</h1>
      {message && <p role={message.failed ? 'alert' : 'status'}>{message.text}</p>}
      {!divisions ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <table className="admin-table" aria-label="Divisions">
          <ColumnHeads names={['Division', 'Users', 'Employers']} actions />
          <tbody>
            {divisions.map((division) => (
              <DivisionRow
                key={division.id}
                division={division}
                onRename={(newName) => run(renameDivision(division, newName), `${division.name} is now ${newName}.`, `${division.name} was not renamed`)}
                onDelete={() => run(deleteDivision(division), `${division.name} was deleted.`, `${division.name} was not deleted`)}
              />
            ))}
          </tbody>
        </table>
      )}
      <h2>Add a division</h2>
      <form onSubmit={(event) => void create(event)} noValidate aria-label="Add a division" className="admin-form inline-form">
        <TextInput label="Division name" value={name} onChange={setName} required />
        <button type="submit" className="primary">
          Add division
        </button>
      </form>
      <h2>Employers by division</h2>
      {employers && divisions ? (
        <EmployersByDivision
          employers={employers}
          divisions={divisions}
          onMove={(target, ids) => {
            setMessage(undefined);
            return outcomeOf(
              moveEmployers(target, ids),
              `${counted(ids.length, 'employer')} moved to ${target.name}.`,
              `${counted(ids.length, 'employer')} not moved to ${target.name}`,
            );
          }}
        />
      ) : (
        <p aria-busy="true">Loading the employers…</p>
      )}
    </section>
  );
}
