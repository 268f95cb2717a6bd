import { useEffect, useState } from 'react';
import { hashOf } from '../app/routes';
import { useWorkspace } from '../app/workspace-store';
import { readDraftWithJournal } from '../drafts/draft-journal';
import { draftEditing } from '../drafts/edit-draft';
import { fetchEmployer, ServiceError } from '../data/server-state';
import { EmployerForm, type EmployerFormStart } from './EmployerForm';
import type { Employer } from '../../shared/resources/employer';
import { draftEmployerId, editBaseOf, editsEmployerAsItIs, emptyEmployerValues, valuesFromDraftState, valuesOfEmployer } from './employer-form-values';
import './employers.css';
import { errorText } from '../api/error-text';

interface EmployerFormScreenProps {
  employerId?: string | undefined;
  draftId?: string | undefined;
}

type Loaded = { start: EmployerFormStart } | { error: string };

/**
 * The draft the form resumes: the one the address names, or else, for an edit, one left earlier
 * while editing the same employer, as long as the employer is still as that edit found it (Edit
 * pressed again must not start over beside it, nor lay old values over newer ones).
 */
async function draftOfForm(employer: Employer | undefined, draftId: string | undefined) {
  if (draftId) return readDraftWithJournal(draftId);
  if (!employer) return null;
  const current = valuesOfEmployer(employer);
  return (await draftEditing('employer', (state) => editsEmployerAsItIs(state, employer.id, current))) ?? null;
}

/** Creates or edits an employer; resumes a draft's typing when given one. */
export function EmployerFormScreen({ employerId, draftId }: EmployerFormScreenProps) {
  const divisions = useWorkspace((state) => state.divisions);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const employer = employerId ? await fetchEmployer(employerId) : undefined;
        const draft = await draftOfForm(employer, draftId);
        if (cancelled) return;
        // One division: nothing to choose, so it is filled in.
        const pristine = employer ? valuesOfEmployer(employer) : emptyEmployerValues(divisions.length === 1 ? divisions[0]!.id : '');
        const usable = draft && draft.form === 'employer' && draftEmployerId(draft.state) === employerId;
        setLoaded({
          start: {
            employerId,
            savedName: employer?.name ?? '',
            pristine,
            initial: usable ? valuesFromDraftState(draft.state, pristine) : pristine,
            editBase: !employer ? undefined : usable ? editBaseOf(draft.state) : pristine,
            draftId: usable ? draft.id : crypto.randomUUID(),
            resumed: Boolean(usable),
            notice: draftId && !usable ? 'That draft was already saved or discarded; this is a fresh form.' : undefined,
          },
        });
        // A stale ?draft= would resume nothing on reload; drop it from the address.
        if (draftId && !usable) {
          window.history.replaceState(null, '', hashOf(employerId ? { name: 'employer-edit', id: employerId } : { name: 'employer-new' }));
        }
      } catch (error) {
        if (cancelled) return;
        const gone = error instanceof ServiceError && error.status === 404;
        setLoaded({ error: gone ? 'This employer no longer exists, or is in a division you do not hold.' : errorText(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Divisions are read once, for the default: a later reload of the workspace must not reset typing.
  }, [employerId, draftId]);

  const heading = employerId ? 'Edit employer' : 'New employer';
  if (!loaded) {
    return (
      <section aria-busy="true">
        <h1>{heading}</h1>
        <p className="muted">Loading…</p>
      </section>
    );
  }
  if ('error' in loaded) {
    return (
      <section>
        <h1>{heading}</h1>
        <p role="alert">{loaded.error}</p>
        <a href={hashOf({ name: 'employers' })}>Back to employers</a>
      </section>
    );
  }
  return <EmployerForm heading={heading} start={loaded.start} />;
}
