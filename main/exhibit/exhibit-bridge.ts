// The window's side of the renewal exhibit: the exhibit as data to show, the enrollment saved with
// the workspace (never queued for sync) and the PDF, drawn by the command line's code (exhibit-pdf.ts)
// wherever the caller has it drawn (the app: in a worker thread).
import { exhibitDocument, type ExhibitDocument } from '../../shared/exhibit/document.js';
import { checkEnrollment } from '../../shared/exhibit/enrollment.js';
import type { ExhibitPdfFile, ExhibitQuery, ExhibitView } from '../../shared/exhibit/view.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import { isVisibleEmployer } from '../service/employers.js';
import { saveEnrollment } from '../store/enrollment-store.js';
import type { Workspace } from '../workspace/workspace.js';
import { workspaceExhibit } from './workspace-exhibit.js';

/** Today on the laptop's calendar, YYYY-MM-DD: the date printed on the exhibit. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export async function exhibitView(workspace: Workspace, query: ExhibitQuery): Promise<ExhibitView> {
  const loaded = await workspaceExhibit(workspace, { ...query, enrollment: null, date: localDate(workspace.context.clock()) });
  if (!loaded.result.ok) return { ok: false, error: loaded.result.error, alternatives: loaded.alternatives };
  return { ok: true, document: exhibitDocument(loaded.result.exhibit), enrollment: loaded.result.exhibit.enrollment, alternatives: loaded.alternatives };
}

/** The exhibit's PDF, read from the workspace here and drawn by `pdfBase64` (the PDF's bytes, base64-encoded). */
export async function exhibitPdfFile(
  workspace: Workspace,
  query: ExhibitQuery,
  pdfBase64: (document: ExhibitDocument) => Promise<string>,
): Promise<ExhibitPdfFile> {
  const { result } = await workspaceExhibit(workspace, { ...query, enrollment: null, date: localDate(workspace.context.clock()) });
  if (!result.ok) return { ok: false, error: result.error };
  const document = exhibitDocument(result.exhibit);
  return { ok: true, name: exhibitFileName(document, query.year), base64: await pdfBase64(document) };
}

/** The name a saved exhibit PDF gets: employer and year, in characters every file system takes. */
function exhibitFileName(document: ExhibitDocument, year: number): string {
  const employer = document.employer.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'employer';
  return `Renewal-exhibit-${employer}-${year}.pdf`;
}

export async function saveExhibitEnrollment(workspace: Workspace, employer: string, year: number, counts: unknown[], at: string): Promise<BridgeResponse> {
  const checked = checkEnrollment(counts);
  if (!checked.ok) return { status: 400, body: { detail: checked.error } };
  if (!(await isVisibleEmployer(workspace.context, await workspace.caller(), employer)))
    return { status: 404, body: { detail: `No employer has the id ${employer}.` } };
  saveEnrollment(workspace.db, employer, year, checked.enrollment, at);
  return { status: 200, body: { enrollment: checked.enrollment } };
}
