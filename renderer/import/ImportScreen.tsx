import { useId, useState, type ChangeEvent } from 'react';
import { IMPORT_KINDS, type ColumnMapping, type ImportKind, type ImportReport, type ImportRequest } from '../../shared/import-table';
import { planKind } from '../../shared/plans/index';
import { errorText } from '../api/error-text';
import { navigate } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { invalidateServerState, useEmployer } from '../data/server-state';
import { ColumnMatches } from './ColumnMatches';
import { fileAsBase64, saveAs } from '../app/files';
import { importSheet, type ImportOutcome } from './import-run';
import { rejectedRowsCsv } from './rejected-rows';
import { RowsGrid } from './RowsGrid';
import './import.css';

const count = new Intl.NumberFormat('en-US');
const rowsText = (n: number) => `${count.format(n)} row${n === 1 ? '' : 's'}`;

const kindLabel = (kind: ImportKind) => (kind === 'employers' ? 'Employers' : `${planKind(kind).label} plans`);

type Phase =
  | { name: 'choose' }
  /** While a new preview is read, the last one stays on screen (disabled), so nothing jumps. */
  | { name: 'previewing'; report?: ImportReport }
  | { name: 'preview'; report: ImportReport }
  | { name: 'importing'; report: ImportReport; done: number }
  | { name: 'done'; report: ImportReport; outcome: ImportOutcome };

/**
 * "Import…": a .csv or .xlsx file of employers or of plans of one kind. The file is read in main (in its worker thread);
 * this screen shows how its columns match fields (any match can be changed), every row with its
 * errors on the cells, and writes nothing until the broker confirms. Rejected rows can then be
 * saved as a CSV file to fix and import again.
 */
export function ImportScreen({ kind: initialKind, employer }: { kind: ImportKind; employer?: string }) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; data: string }>();
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [sheet, setSheet] = useState<string>();
  const [map, setMap] = useState<ColumnMapping>({});
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [problem, setProblem] = useState<string>();
  /** A preview that failed for a reason of the app's (its worker stopped), not the file's: it can be run again as it was. */
  const [retry, setRetry] = useState<ImportRequest>();

  const request = (changes: Partial<ImportRequest> = {}): ImportRequest | undefined =>
    file && requestFor(file, { kind, map, ...(sheet ? { sheet } : {}), ...changes });
  const requestFor = (chosen: { name: string; data: string }, choices: Pick<ImportRequest, 'kind' | 'map' | 'sheet'>): ImportRequest => ({
    fileName: chosen.name,
    data: chosen.data,
    ...choices,
    ...(employer && choices.kind !== 'employers' ? { employer } : {}),
  });

  async function preview(next: ImportRequest) {
    setPhase((last) => ({ name: 'previewing', report: 'report' in last ? last.report : undefined }));
    setProblem(undefined);
    setRetry(undefined);
    const answer = await bridge.previewImport(next).catch((error: unknown) => {
      setRetry(next);
      return { ok: false as const, message: errorText(error) };
    });
    if (answer.ok) setPhase({ name: 'preview', report: answer.report });
    else {
      setProblem(answer.message);
      setPhase({ name: 'choose' });
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    if (!picked) return;
    const chosen = { name: picked.name, data: await fileAsBase64(picked) };
    setFile(chosen);
    setSheet(undefined);
    setMap({});
    await preview(requestFor(chosen, { kind }));
  }

  function changeKind(next: ImportKind) {
    setKind(next);
    setMap({});
    const changed = request({ kind: next, map: {} });
    if (changed) void preview(changed);
  }

  function changeSheet(next: string) {
    setSheet(next);
    setMap({});
    const changed = request({ sheet: next, map: {} });
    if (changed) void preview(changed);
  }

  function changeMatch(column: string, field: string | null) {
    const next = { ...map, [column]: field };
    setMap(next);
    const changed = request({ map: next });
    if (changed) void preview(changed);
  }

  async function confirm(report: ImportReport) {
    const current = request();
    if (!current) return;
    setPhase({ name: 'importing', report, done: 0 });
    try {
      const outcome = await importSheet(current, report, (done) => setPhase({ name: 'importing', report, done }));
      setPhase({ name: 'done', report, outcome });
    } catch (error) {
      setProblem(`The import stopped: ${errorText(error)}`);
      setPhase({ name: 'preview', report });
    } finally {
      await invalidateServerState();
    }
  }

  const report = phase.name === 'choose' ? undefined : phase.report;
  const busy = phase.name === 'previewing' || phase.name === 'importing';

  return (
    <section className="import-screen" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <div className="import-top">
        <h1 id={`${id}-heading`}>Import a spreadsheet</h1>
        <button type="button" onClick={() => navigate({ name: 'employers' })}>
          Back to employers
        </button>
      </div>
      {employer && kind !== 'employers' && <EmployerNote id={employer} />}
      <p className="muted">
        A .csv file (UTF-8, comma or semicolon separated) or an .xlsx workbook with a header row. Nothing is saved until you confirm; rows already there are
        skipped.
      </p>
      <div className="import-choices">
        <div className="field">
          <label htmlFor={`${id}-file`}>Spreadsheet file</label>
          <input id={`${id}-file`} type="file" accept=".csv,.xlsx" disabled={busy || phase.name === 'done'} onChange={(event) => void onFile(event)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Rows are</label>
          <select id={`${id}-kind`} value={kind} disabled={busy || phase.name === 'done'} onChange={(event) => changeKind(event.target.value as ImportKind)}>
            {IMPORT_KINDS.map((option) => (
              <option key={option} value={option}>
                {kindLabel(option)}
              </option>
            ))}
          </select>
        </div>
        {report && report.sheets.length > 1 && (
          <div className="field">
            <label htmlFor={`${id}-sheet`}>Sheet</label>
            <select id={`${id}-sheet`} value={report.sheet} disabled={busy || phase.name === 'done'} onChange={(event) => changeSheet(event.target.value)}>
              {report.sheets.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className="field-errors">
          {problem}
        </p>
      )}
      {retry && phase.name === 'choose' && (
        <div className="actions">
          <button type="button" onClick={() => void preview(retry)}>
            Read the file again
          </button>
        </div>
      )}
      {phase.name === 'previewing' && <p role="status">Reading the file…</p>}
      {report && phase.name !== 'done' && (
        <>
          <ColumnMatches headers={report.headers} mapping={report.mapping} fields={report.fields} disabled={busy} onChange={changeMatch} />
          <PreviewSummary report={report} />
          {phase.name === 'importing' ? (
            <p role="status">
              <progress max={report.rows} value={phase.done} /> Imported {rowsText(phase.done)} of {count.format(report.rows)}…
            </p>
          ) : (
            <div className="actions">
              <button type="button" className="primary" disabled={busy || report.created === 0} onClick={() => void confirm(report)}>
                Import {rowsText(report.created)}
              </button>
            </div>
          )}
          <RowsGrid label="Rows of the sheet" headers={report.headers} rows={report.rowsDetail} errors={report.errors} />
        </>
      )}
      {phase.name === 'done' && <ImportDone report={phase.report} outcome={phase.outcome} />}
    </section>
  );
}

/** Plans imported from an employer's page belong to it unless a row names another. */
function EmployerNote({ id }: { id: string }) {
  const name = useEmployer(id).data?.name;
  return <p className="import-employer">Plans whose row names no employer go to {name ?? 'this employer'}.</p>;
}

function PreviewSummary({ report }: { report: ImportReport }) {
  const rejected = report.rowsDetail.filter((row) => row.status === 'rejected').length;
  return (
    <p role="status" className="import-summary">
      {rowsText(report.rows)} in “{report.sheet}”: {count.format(report.created)} to create, {count.format(report.skipped)} already there,{' '}
      <span className={rejected > 0 ? 'import-rejected' : undefined}>{count.format(rejected)} with errors (not imported)</span>.
    </p>
  );
}

function ImportDone({ report, outcome }: { report: ImportReport; outcome: ImportOutcome }) {
  const rejected = outcome.rowsDetail.filter((row) => row.status === 'rejected');
  const download = () =>
    saveAs(rejectedFileName(report.fileName), new Blob([rejectedRowsCsv(report.headers, outcome.rowsDetail, outcome.errors)], { type: 'text/csv' }));
  return (
    <div className="import-done">
      <h2>Imported</h2>
      <p role="status">
        {count.format(outcome.created)} created and queued for sync, {count.format(outcome.skipped)} already there, {count.format(rejected.length)} rejected.
      </p>
      <div className="actions">
        {rejected.length > 0 && (
          <button type="button" className="primary" onClick={download}>
            Download rejected rows (CSV)
          </button>
        )}
        <button type="button" onClick={() => navigate({ name: 'employers' })}>
          Back to employers
        </button>
      </div>
      {rejected.length > 0 && <RowsGrid label="Rejected rows" headers={report.headers} rows={rejected} errors={outcome.errors} />}
    </div>
  );
}

function rejectedFileName(fileName: string): string {
  return `${fileName.replace(/\.(csv|xlsx)$/i, '')}-rejected.csv`;
}
