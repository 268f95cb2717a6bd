/**
 * Dates as brokers type them: `1/1/2027`, `1/1/27`, `2027-1-1`, `Jan 1 2027`, `1 January 2027`,
 * `010127` (MMDDYY), `01012027` or `20270101`. Month before day, as on US plan documents.
 * Answers the ISO date (`2027-01-01`) or undefined when the text is not one real calendar date.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function parseDate(text: string): string | undefined {
  const typed = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed))) return isoOf(match[1]!, match[2]!, match[3]!);
  if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(typed))) return isoOf(match[3]!, match[1]!, match[2]!);
  if ((match = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)? (\d{2}|\d{4})$/.exec(typed))) return isoOf(match[3]!, monthOf(match[1]!), match[2]!);
  if ((match = /^(\d{1,2}) ([a-z]{3,9})\.? (\d{2}|\d{4})$/.exec(typed))) return isoOf(match[3]!, monthOf(match[2]!), match[1]!);
  if ((match = /^(\d{2})(\d{2})(\d{2})$/.exec(typed))) return isoOf(match[3]!, match[1]!, match[2]!);
  if (/^\d{8}$/.test(typed)) {
    // Year first when it reads as one (20270101), otherwise month, day, year (01012027).
    return isoOf(typed.slice(0, 4), typed.slice(4, 6), typed.slice(6)) ?? isoOf(typed.slice(4), typed.slice(0, 2), typed.slice(2, 4));
  }
  return undefined;
}

/** The forms a date may be typed in, as every date message names them. */
export const DATE_FORMS = '1/1/2027, 2027-01-01 or Jan 1 2027';

/**
 * What is wrong with a date that `parseDate` refused, in the field's words: a month or a day that
 * does not exist, or a text that is not a date at all, each with the forms that are accepted.
 */
export function dateProblem(label: string, text: string): string {
  const typed = text.trim();
  const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(typed) ?? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed);
  if (numeric) {
    const yearFirst = numeric[1]!.length === 4;
    const [month, day] = (yearFirst ? [numeric[2]!, numeric[3]!] : [numeric[1]!, numeric[2]!]).map(Number) as [number, number];
    const yearText = yearFirst ? numeric[1]! : numeric[3]!;
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    if (year < 1900 || year > 2199) return `${label}: “${typed}” is outside the years 1900 to 2199. Type a date such as ${DATE_FORMS}.`;
    if (month < 1 || month > 12) return `${label}: “${typed}” has no month ${month}. Dates are month first: ${DATE_FORMS}.`;
    return `${label}: “${typed}” is not a day of the calendar (month ${month} has no day ${day}). Type a date such as ${DATE_FORMS}.`;
  }
  return `${label}: “${typed.length > 24 ? `${typed.slice(0, 21)}…` : typed}” is not a date. Type it as ${DATE_FORMS}.`;
}

/** "jan", "sept" or "january": the month's number as text, or '' for no month. */
function monthOf(name: string): string {
  const index = MONTHS.findIndex((month) => month.startsWith(name));
  return index === -1 ? '' : String(index + 1);
}

function isoOf(yearText: string, monthText: string, dayText: string): string | undefined {
  if (!/^\d+$/.test(monthText) || !/^\d+$/.test(dayText)) return undefined;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

/** How an ISO date reads back to the broker: "Friday, January 1, 2027". */
export function describeDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** A plan year's proposed end: one year after the start, less a day (2027-01-01 ends 2027-12-31). */
export function proposedEndDate(startIso: string): string {
  const [year, month, day] = startIso.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + 1, month - 1, day - 1));
  return end.toISOString().slice(0, 10);
}
