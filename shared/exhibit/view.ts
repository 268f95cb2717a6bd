// What the window asks for and gets back about the renewal exhibit (bridge methods exhibit,
// saveEnrollment and exhibitPdf). Plain data, so it crosses IPC and web mode's HTTP alike.
import type { ExhibitDocument } from './document.js';
import type { Enrollment } from './enrollment.js';
import type { PlanChoice } from './exhibit.js';

export interface ExhibitQuery {
  employer: string;
  year: number;
  /** Plans of the new year to show as alternatives. */
  include: string[];
}

/** The exhibit (or why there is none), the enrollment it was made with and the plans that may be included. */
export type ExhibitView =
  { ok: true; document: ExhibitDocument; enrollment: Enrollment | null; alternatives: PlanChoice[] } | { ok: false; error: string; alternatives: PlanChoice[] };

/** The PDF, base64-encoded, with the name to save it under. */
export type ExhibitPdfFile = { ok: true; name: string; base64: string } | { ok: false; error: string };
