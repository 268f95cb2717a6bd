import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Enrollment } from '../../shared/exhibit/enrollment';
import { exhibitMarkup } from '../../shared/exhibit/html';
import '../../shared/exhibit/exhibit.css';
import type { PlanChoice } from '../../shared/exhibit/exhibit';
import { errorText } from '../api/error-text';
import { hashOf, navigate } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { useEmployer } from '../data/server-state';
import { queryClient } from '../data/query-client';
import { EnrollmentForm } from './EnrollmentForm';
import './exhibit-screen.css';
import { saveBase64As } from '../app/files';

const exhibitKey = (employer: string, year: number) => ['exhibit', employer, year] as const;

/** The renewal exhibit of one employer for one plan year, as the client will get it, and its PDF. */
export function ExhibitScreen({ employerId, year }: { employerId: string; year: number }) {
  const employer = useEmployer(employerId);
  const [include, setInclude] = useState<string[]>([]);
  const view = useQuery(
    { queryKey: [...exhibitKey(employerId, year), include], queryFn: () => bridge.exhibit({ employer: employerId, year, include }) },
    queryClient,
  );
  const [pdfState, setPdfState] = useState<{ busy: boolean; error?: string }>({ busy: false });

  async function saveEnrollment(enrollment: Enrollment): Promise<string | undefined> {
    const response = await bridge.saveEnrollment(employerId, year, [...enrollment]);
    if (response.status !== 200) return (response.body as { detail?: string }).detail ?? `The workspace answered ${response.status}.`;
    await queryClient.invalidateQueries({ queryKey: exhibitKey(employerId, year) });
    return undefined;
  }

  async function savePdf() {
    setPdfState({ busy: true });
    try {
      const file = await bridge.exhibitPdf({ employer: employerId, year, include });
      if (!file.ok) return setPdfState({ busy: false, error: file.error });
      saveBase64As(file.name, file.base64, 'application/pdf');
      setPdfState({ busy: false });
    } catch (error) {
      setPdfState({ busy: false, error: errorText(error) });
    }
  }

  const answer = view.data;
  return (
    <article className="exhibit-screen" aria-labelledby="exhibit-heading">
      <p className="breadcrumb">
        <a href={hashOf({ name: 'employer', id: employerId })}>
          <span aria-hidden="true">← </span>
          {employer.data?.name ?? 'Employer'}
        </a>
      </p>
      <div className="exhibit-screen__top">
        <h1 id="exhibit-heading">Renewal exhibit, plan year {year}</h1>
        <div className="actions">
          <button type="button" onClick={() => navigate({ name: 'exhibit', employerId, year: year - 1 }, { replace: true })}>
            Plan year {year - 1}
          </button>
          <button type="button" onClick={() => navigate({ name: 'exhibit', employerId, year: year + 1 }, { replace: true })}>
            Plan year {year + 1}
          </button>
          <button type="button" className="primary" disabled={!answer?.ok || pdfState.busy} onClick={() => void savePdf()}>
            {pdfState.busy ? 'Making the PDF…' : 'Save as PDF'}
          </button>
        </div>
      </div>
      {pdfState.error && <p role="alert">Could not make the PDF: {pdfState.error}</p>}
      {view.error && <p role="alert">Could not make the exhibit: {errorText(view.error)}</p>}
      {answer && (
        <div className="exhibit-screen__controls">
          <EnrollmentForm saved={answer.ok ? answer.enrollment : null} onSave={saveEnrollment} />
          <AlternativePicker choices={answer.alternatives} include={include} onChange={setInclude} />
        </div>
      )}
      {!answer && !view.error && (
        <p className="muted" aria-busy="true">
          Making the exhibit…
        </p>
      )}
      {answer && !answer.ok && <p role="alert">{answer.error}</p>}
      {/* Markup built by shared/exhibit/html.ts from escaped text only: the same document the PDF draws. */}
      {answer?.ok && <div className="exhibit-screen__document" dangerouslySetInnerHTML={{ __html: exhibitMarkup(answer.document) }} />}
    </article>
  );
}

function AlternativePicker({ choices, include, onChange }: { choices: PlanChoice[]; include: string[]; onChange(include: string[]): void }) {
  return (
    <fieldset className="exhibit-alternatives">
      <legend>Alternatives</legend>
      {choices.length === 0 ? (
        <p className="muted">No other plan of this year to show as an alternative.</p>
      ) : (
        choices.map((choice) => (
          <label key={choice.id}>
            <input
              type="checkbox"
              checked={include.includes(choice.id)}
              onChange={(event) => onChange(event.target.checked ? [...include, choice.id] : include.filter((id) => id !== choice.id))}
            />
            {choice.benefitLabel}: {choice.title} <span className="muted">({choice.carrier})</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
