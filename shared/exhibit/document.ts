// The exhibit as a document: headings, tables of formatted text and the chart's data, in reading
// order. The HTML and the PDF are both drawn from this, so they say exactly the same things.
import type { ChartTierInput } from '../plans/premium-chart.js';
import { formatPercent } from '../plans/plan-values.js';
import type { Exhibit, ExhibitSection, PlanHeading, SectionKind } from './exhibit.js';
import { formatCents, formatCentsChange } from './money.js';
import { SHARE_LABELS, SHARES, type Comparison } from './premiums.js';

interface DocumentRow {
  cells: string[];
  /** A design field the proposal changes. */
  changed?: boolean;
  /** The first row of a tier's group of rows. */
  groupStart?: boolean;
}

export interface DocumentTable {
  kind: 'design' | 'premiums' | 'totals';
  caption: string;
  columns: string[];
  /** Per column: right-aligned figures (true) or text. */
  numeric: boolean[];
  rows: DocumentRow[];
}

export interface DocumentSection {
  title: string;
  subtitle: string;
  tables: DocumentTable[];
  chart: { caption: string; tiers: ChartTierInput[] } | null;
}

export interface ExhibitDocument {
  title: string;
  agency: string;
  /** The line repeated on every page: agency, employer, plan year and date. */
  runningHead: string;
  employer: string;
  planYear: string;
  date: string;
  enrollment: string | null;
  sections: DocumentSection[];
  notes: string[];
}

const KIND_NAMES: Readonly<Record<SectionKind, string>> = { renewal: 'Renewal', conversion: 'Conversion', alternative: 'Alternative' };
const NONE = '—';

const planName = (plan: PlanHeading) => `${plan.title} (${plan.carrier}, ${plan.startDate} to ${plan.endDate})`;

function sectionSubtitle(section: ExhibitSection): string {
  const proposed = `${KIND_NAMES[section.kind]}: ${planName(section.proposed)}`;
  return section.current ? `Current: ${planName(section.current)}. ${proposed}.` : `${proposed}. No current plan to compare with.`;
}

function designTable(section: ExhibitSection): DocumentTable {
  const proposedHead = KIND_NAMES[section.kind];
  const columns = section.current ? ['Benefit', 'Current', proposedHead, 'Change'] : ['Benefit', proposedHead];
  const rows = section.design.map((row): DocumentRow => ({
    cells: section.current ? [row.label, row.current ?? NONE, row.proposed, row.changed ? 'Changed' : ''] : [row.label, row.proposed],
    changed: row.changed,
  }));
  return { kind: 'design', caption: 'Plan design', columns, numeric: columns.map(() => false), rows };
}

const amountCells = (comparison: Comparison, proposedHead: string): { head: string[]; cells: string[] } => ({
  head: ['Current / month', `${proposedHead} / month`, 'Change / month', 'Current / year', `${proposedHead} / year`, 'Change / year', 'Change %'],
  cells: [
    comparison.current ? formatCents(comparison.current.monthly) : NONE,
    comparison.proposed ? formatCents(comparison.proposed.monthly) : NONE,
    comparison.change ? formatCentsChange(comparison.change.amount.monthly) : NONE,
    comparison.current ? formatCents(comparison.current.annual) : NONE,
    comparison.proposed ? formatCents(comparison.proposed.annual) : NONE,
    comparison.change ? formatCentsChange(comparison.change.amount.annual) : NONE,
    comparison.change ? formatPercent(comparison.change.percent) : NONE,
  ],
});

function premiumTable(section: ExhibitSection): DocumentTable {
  const proposedHead = KIND_NAMES[section.kind];
  const enrolled = section.tiers[0]?.enrolled !== null;
  const rows = section.tiers.flatMap((tier) =>
    SHARES.map((share, index): DocumentRow => ({
      cells: [
        index === 0 ? tier.label : '',
        ...(enrolled ? [index === 0 ? String(tier.enrolled) : ''] : []),
        SHARE_LABELS[share],
        ...amountCells(tier.shares[share], proposedHead).cells,
      ],
      groupStart: index === 0,
    })),
  );
  const head = amountCells({ current: null, proposed: null, change: null }, proposedHead).head;
  const columns = ['Tier', ...(enrolled ? ['Enrolled'] : []), 'Premium', ...head];
  return {
    kind: 'premiums',
    caption: 'Premiums per employee, by tier',
    columns,
    numeric: columns.map((_, i) => i >= (enrolled ? 3 : 2) || (enrolled && i === 1)),
    rows,
  };
}

function totalsTable(section: ExhibitSection): DocumentTable | null {
  if (!section.totals) return null;
  const proposedHead = KIND_NAMES[section.kind];
  const head = amountCells({ current: null, proposed: null, change: null }, proposedHead).head;
  const columns = ['Total for the employees enrolled', ...head];
  const rows = SHARES.map((share): DocumentRow => ({
    cells: [
      share === 'gross' ? 'Total premium' : share === 'ee' ? "Employees' share" : "Employer's share",
      ...amountCells(section.totals!.shares[share], proposedHead).cells,
    ],
  }));
  return { kind: 'totals', caption: `Total cost for ${section.totals.enrolled} enrolled employees`, columns, numeric: columns.map((_, i) => i > 0), rows };
}

function documentSection(section: ExhibitSection): DocumentSection {
  const totals = totalsTable(section);
  return {
    title: `${section.benefitLabel}: ${section.proposed.title}`,
    subtitle: sectionSubtitle(section),
    tables: [designTable(section), premiumTable(section), ...(totals ? [totals] : [])],
    chart: section.current
      ? {
          caption: 'Change per tier in percent',
          tiers: section.tiers.map((tier) => ({
            label: tier.label,
            percent: { gross: tier.shares.gross.change?.percent ?? null, ee: tier.shares.ee.change?.percent ?? null },
          })),
        }
      : null,
  };
}

export function exhibitDocument(exhibit: Exhibit): ExhibitDocument {
  const planYear = `Plan year ${exhibit.year}`;
  const enrollment = exhibit.enrollment
    ? `Enrollment: ${exhibit.enrollment[0]} employee only, ${exhibit.enrollment[1]} employee + spouse, ${exhibit.enrollment[2]} employee + children, ${exhibit.enrollment[3]} employee + family.`
    : null;
  return {
    title: 'Renewal exhibit',
    agency: exhibit.agency,
    runningHead: `${exhibit.agency} · ${exhibit.employer} · ${planYear} · ${exhibit.date}`,
    employer: exhibit.employer,
    planYear,
    date: exhibit.date,
    enrollment,
    sections: exhibit.sections.map(documentSection),
    notes: [
      'Premiums are annual amounts per employee as quoted; a month is one twelfth, rounded to the cent.',
      "The employer's share is the gross premium less the employee contribution. Percentages compare annual amounts.",
      ...(exhibit.enrollment ? [] : ['Enter enrollment per tier for the total annual cost.']),
    ],
  };
}
