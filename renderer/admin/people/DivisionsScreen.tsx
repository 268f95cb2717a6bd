import { useState, type FormEvent } from 'react';
import type { Division } from '../../../shared/resources/division';
import { TextInput } from '../../forms/fields';
import { useWorkspace } from '../../app/workspace-store';
import { useEmployerSummaries } from '../../data/server-state';
import { useDivisions, useIsAdmin } from '../admin-state';
import { createDivision, deleteDivision, moveEmployer, renameDivision } from './division-changes';
import { DivisionRow } from './DivisionRow';
import '../admin.css';
import { ColumnHeads } from '../../app/ColumnHeads';
import { errorText } from '../../api/error-text';

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
    const failure = await work;
    setMessage(failure ? { text: `${refused}: ${failure}`, failed: true } : { text: success, failed: false });
    return failure === undefined;
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (await run(createDivision(name, email), `${name} was added.`, `${name} was not added`)) setName('');
  }

  if (!isAdmin) {
    return (
      <section aria-labelledby="divisions-heading" className="admin-screen">
        <h1 id="divisions-heading">Divisions</h1>
        <p>{error ? `The divisions could not be read: ${errorText(error)}` : 'Only an admin manages divisions.'}</p>
      </section>
    );
  }
  const divisionOf = (employerId: string) => divisions?.find((division) => division.employer_ids.includes(employerId));
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
      {employers && divisions && (
        <table className="admin-table" aria-label="Employers by division">
          <ColumnHeads names={['Employer', 'Division']} />
          <tbody>
            {employers.map((employer) => (
              <tr key={employer.id}>
                <td>{employer.name}</td>
                <td>
                  <select
                    aria-label={`Division of ${employer.name}`}
                    value={divisionOf(employer.id)?.id ?? employer.division}
                    onChange={(event) => {
                      const target = divisions.find((division: Division) => division.id === event.target.value);
                      if (target) void run(moveEmployer(target, employer.id), `${employer.name} moved to ${target.name}.`, `${employer.name} was not moved`);
                    }}
                  >
                    {divisions.map((division) => (
                      <option key={division.id} value={division.id}>
                        {division.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
