import type { CellLine } from './layout.js';
import type { TableRow } from './tables.js';
import { dollars, normalizeText, singleFamily } from './amounts.js';
import { answerAmounts, gridAmounts, saysNoDeductible, type NetworkAmounts } from './answer-amounts.js';
import type { Tier } from './tier-words.js';
import type { Reading } from './reading.js';

const PLAN_TYPES = ['PPO', 'POS', 'EPO', 'HMO', 'HDHP'];

/** Carriers known by name and web address, for SBCs whose header shows the carrier only as a logo. */
const CARRIERS: { name: string; mark: RegExp; site: RegExp }[] = [
  { name: 'Aetna', mark: /\bAetna\b/, site: /\baetna\.com\b/i },
  { name: 'Anthem', mark: /\bAnthem\b/, site: /\banthem\.com\b/i },
  { name: 'Cigna', mark: /\bCigna\b/i, site: /\bcigna\.com\b/i },
  { name: 'Humana', mark: /\bHumana\b/, site: /\bhumana\.com\b/i },
  { name: 'Kaiser Permanente', mark: /\bKaiser Permanente\b/, site: /\bkp\.org\b/i },
  { name: 'UnitedHealthcare', mark: /\bUnited ?Healthcare\b/i, site: /\b\w*(uhc\w*|unitedhealthcare)\.com\b/i },
  { name: 'Blue Cross Blue Shield', mark: /\bBlue Cross\b/, site: /\bbcbs\w*\.com\b/i },
  { name: 'Health Net', mark: /\bHealth Net\b/, site: /\bhealthnet\.com\b/i },
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = String.raw`(\d{1,2}\/\d{1,2}\/\d{4}|[A-Z][a-z]+\.? \d{1,2},? \d{4})`;

/** A printed date, "01/01/2024" or "January 1, 2024", as YYYY-MM-DD; undefined for anything else. */
function isoDate(printed: string): string | undefined {
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(printed);
  const named = /^([A-Z][a-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(printed);
  const month = numeric ? Number(numeric[1]) : MONTHS.indexOf(named?.[1]!.slice(0, 3).toLowerCase() ?? '') + 1;
  const [day, year] = numeric ? [numeric[2]!, numeric[3]!] : named ? [named[2]!, named[3]!] : ['', ''];
  if (month < 1 || month > 12 || year === '') return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "Coverage Period: 01/01/2024 - 12/31/2024" (or with the months named) as two ISO dates. */
function coveragePeriod(header: string): { start: string; end: string; text: string } | undefined {
  const match = new RegExp(`Coverage Period:\\s*${DATE}\\s*(?:-|to|through)\\s*${DATE}`).exec(header);
  const start = match && isoDate(match[1]!);
  const end = match && isoDate(match[2]!);
  return start && end ? { start, end, text: match[0] } : undefined;
}

/** Coverage period, plan type and carrier from the lines above the question table. */
export function readHeader(lines: CellLine[], allText: string, reading: Reading): void {
  const header = lines.map((line) => normalizeText(line.text));
  const joined = header.join(' ');
  const page = lines[0]?.page ?? 1;
  const period = coveragePeriod(joined);
  if (period) {
    reading.set('start_date', period.start, page, period.text);
    reading.set('end_date', period.end, page, period.text);
  } else {
    reading.warn('The coverage period is not printed as two dates (it may be left blank): enter the start and end dates.');
  }
  const type = /Plan Type:\s*([A-Za-z]+)/.exec(joined);
  if (type && PLAN_TYPES.includes(type[1]!.toUpperCase())) reading.set('type', type[1]!.toUpperCase(), page, type[0]);
  else reading.warn(type ? `The plan type "${type[1]}" is not one of ${PLAN_TYPES.join(', ')}: choose one.` : 'The plan type is not stated: choose one.');
  // The carrier is named above the template's introduction ("The Summary of Benefits and Coverage (SBC) document...").
  const intro = header.findIndex((line) => /^(The Summary of Benefits and Coverage \(SBC\)|This is only a summary)/i.test(line));
  readCarrier(intro === -1 ? header : header.slice(0, intro), allText, page, reading);
}

/** A name before a colon that reads as a plan's name rather than its carrier's ("Open Access Choice - F1"). */
const PLAN_NAME_WORDS = /\d|\s-\s|\b(choice|access|select|ppo|hmo|epo|pos|hdhp|gold|silver|bronze|platinum)\b/i;

function readCarrier(header: string[], allText: string, page: number, reading: Reading): void {
  const named = header.find((line) => /^[A-Z][^:$]{2,60}:/.test(line) && !/coverage|plan type|summary|questions|\.\s/i.test(line.slice(0, line.indexOf(':'))));
  const name = named?.slice(0, named.indexOf(':')).trim();
  if (named && name && !PLAN_NAME_WORDS.test(name)) {
    reading.set('carrier', name, page, named);
    return;
  }
  const known = name === undefined ? undefined : CARRIERS.find((carrier) => carrier.mark.test(name));
  if (named && known) {
    reading.set('carrier', known.name, page, named);
    return;
  }
  const titled = header.slice(0, 2).find((line) => CARRIERS.some((carrier) => carrier.mark.test(line)) && !/Summary of Benefits|Coverage Period/.test(line));
  if (titled) {
    reading.set('carrier', titled, page, titled);
    return;
  }
  const bySite = CARRIERS.map((carrier) => ({ carrier, site: carrier.site.exec(allText) })).find((found) => found.site);
  if (bySite) {
    reading.set('carrier', bySite.carrier.name, page, `www.${bySite.site![0]}`);
    reading.warn(`The carrier's name is not in the text (a logo?): read as ${bySite.carrier.name} from the web address www.${bySite.site![0]}; check it.`);
    return;
  }
  reading.warn('The carrier is not named in the text: enter it.');
}

const question = (rows: TableRow[], pattern: RegExp): TableRow | undefined => rows.find((row) => pattern.test(normalizeText(row.label)));

const isEmpty = (amounts: NetworkAmounts): boolean => Object.keys(amounts).length === 0;

/**
 * Sets a single/family pair per network from an amounts answer: as a grid when it is printed as
 * one, else by its grammar (answerAmounts); a deductible answer saying there is none gives $0.
 */
function readNetworkAmounts(
  row: TableRow,
  fields: { in: [string, string]; out: [string, string] },
  what: string,
  reading: Reading,
  context: { coverageTier: Tier | undefined; deductible: boolean },
): void {
  const answer = normalizeText(row.cells.answer ?? '');
  let amounts = gridAmounts(row.lines.answer ?? [], context.coverageTier);
  if (isEmpty(amounts)) amounts = answerAmounts(answer);
  if (isEmpty(amounts) && context.deductible && saysNoDeductible(answer)) amounts = { in: { single: 0, family: 0 } };
  for (const network of ['in', 'out'] as const) {
    const [singleField, familyField] = fields[network];
    const found = amounts[network];
    if (found?.single !== undefined) reading.set(singleField, found.single, row.page, sentenceOf(answer, found.single, network));
    if (found?.family !== undefined) reading.set(familyField, found.family, row.page, sentenceOf(answer, found.family, network));
  }
  for (const field of fields.in) {
    if (!(field in reading.plan)) reading.warn(`The ${what} (${field}) is not stated plainly in dollars: "${answer || 'no answer'}".`);
  }
}

/**
 * The part of an answer an amount was read from: the sentence (or `;`-separated part) that prints
 * it, for the out-of-network the one naming that network too; else the whole answer.
 */
function sentenceOf(answer: string, amount: number, network: 'in' | 'out'): string {
  const printed = new RegExp(`\\$\\s?${amount.toLocaleString('en-US').replace(/,/g, ',?')}(?![\\d,])`);
  const parts = answer
    .split(/(?<=[.;])\s+(?=\S)/)
    .map((part) => part.trim())
    .filter((part) => printed.test(part));
  const named = network === 'out' ? parts.find((part) => /\b(out|non)[- ]?\w/i.test(part)) : undefined;
  return named ?? parts[0] ?? answer;
}

/** The coverage tier an SBC is for when it is for one only ("Coverage for: Individual"). */
export function coverageTierOf(header: string): Tier | undefined {
  const covered = /Coverage for:\s*([^|]+?)\s*(\||Plan Type|$)/i.exec(header)?.[1]?.trim();
  if (covered === undefined) return undefined;
  if (/^(individual|single|employee|self|ee|subscriber)( only)?$/i.test(covered)) return 'single';
  if (/^family$/i.test(covered)) return 'family';
  return undefined;
}

/** What page 1 gives the services table: the deductible, its exemptions and a separate drug deductible. */
export interface DeductibleFacts {
  deductible?: number;
  exemptions?: string;
  rxDeductible?: { clause: string; page: number };
}

/** Deductibles, out-of-pocket limits and the separate drug deductible from the question table. */
export function readQuestions(rows: TableRow[], reading: Reading, coverageTier?: Tier): DeductibleFacts {
  const facts: DeductibleFacts = {};
  const overall = question(rows, /overall deductible/i);
  if (overall) {
    readNetworkAmounts(overall, { in: ['in_ded_single', 'in_ded_family'], out: ['out_ded_single', 'out_ded_family'] }, 'overall deductible', reading, {
      coverageTier,
      deductible: true,
    });
    const answer = normalizeText(overall.cells.answer ?? '');
    facts.exemptions = /(?:does not|doesn.t) apply to [^.]+\.?/i.exec(answer)?.[0];
  } else {
    reading.warn('No "What is the overall deductible?" row: enter the deductibles.');
  }
  const ded = reading.plan.in_ded_single;
  if (typeof ded === 'number') facts.deductible = ded;
  const before = question(rows, /covered before you meet your deductible/i);
  const beforeAnswer = normalizeText(before?.cells.answer ?? '');
  if (/^yes\b/i.test(beforeAnswer)) facts.exemptions = [facts.exemptions, beforeAnswer].filter(Boolean).join(' ');
  const oop = question(rows, /^(is there an|what is the) out-of-pocket limit/i);
  if (oop)
    readNetworkAmounts(oop, { in: ['in_max_single', 'in_max_family'], out: ['out_max_single', 'out_max_family'] }, 'out-of-pocket limit', reading, {
      coverageTier,
      deductible: false,
    });
  else reading.warn('No out-of-pocket limit row: enter the out-of-pocket limits.');
  const other = question(rows, /other deductibles/i);
  if (other) facts.rxDeductible = readRxDeductible(other, reading);
  return facts;
}

function readRxDeductible(row: TableRow, reading: Reading): DeductibleFacts['rxDeductible'] {
  const answer = normalizeText(row.cells.answer ?? '');
  if (/^no\b/i.test(answer)) return undefined;
  const clauses = answer.split(/(?<=[.;])\s+|,\s+(?=\$)/);
  const clause = clauses.find((part) => /\$\s?\d/.test(part) && /drug|prescription|pharmacy|\brx\b/i.test(part));
  if (!clause) return undefined;
  const amounts = singleFamily(clause);
  const single = amounts.single ?? (amounts.family === undefined ? dollars(/\$\s?(\d[\d,]*)/.exec(clause)![1]!) : undefined);
  if (single !== undefined) reading.set('rx_ded_single', single, row.page, clause);
  if (amounts.family !== undefined) reading.set('rx_ded_family', amounts.family, row.page, clause);
  if (amounts.single === undefined && amounts.family === undefined) {
    reading.warn(`The drug deductible is not stated per person or per family ("${clause}"): read as the single deductible; check it.`);
  }
  const scope = clauses.slice(clauses.indexOf(clause), clauses.indexOf(clause) + 2).join(' ');
  return { clause: scope, page: row.page };
}
