import { isNaics2017, NAICS_NOT_IN_2017, naicsTitle, searchNaics } from '../../shared/naics/naics';
import { MAX_NAICS_CODES } from '../../shared/resources/employer';
import { ChipCombobox, type ChipOption, type ChipPickerProps } from './ChipCombobox';

const SUGGESTIONS = 8;

/** A 6-digit code the 2017 list lacks is still offered: the service takes any (NAICS 2022 added some). */
function suggestNaics(query: string, chosen: ReadonlySet<string>): ChipOption[] {
  if (/^\d{6}$/.test(query) && !isNaics2017(query)) {
    return chosen.has(query) ? [] : [{ value: query, label: <NaicsText code={query} /> }];
  }
  return searchNaics(query, SUGGESTIONS + chosen.size)
    .filter((entry) => !chosen.has(entry.code))
    .slice(0, SUGGESTIONS)
    .map((entry) => ({ value: entry.code, label: <NaicsText code={entry.code} /> }));
}

function parseNaicsList(query: string): string[] | undefined {
  const codes = query.split(/[\s,;]+/).filter(Boolean);
  return codes.every((code) => /^\d{6}$/.test(code)) ? codes : undefined;
}

function NaicsText({ code }: { code: string }) {
  const title = naicsTitle(code);
  return (
    <>
      <b>{code}</b> {title ?? <span className="hint">{NAICS_NOT_IN_2017}</span>}
    </>
  );
}

/** Up to four NAICS codes, found by code or by words of their 2017 titles. */
export function NaicsPicker(props: ChipPickerProps) {
  return (
    <ChipCombobox
      {...props}
      max={MAX_NAICS_CODES}
      fullMessage={`${MAX_NAICS_CODES} codes chosen, the most an employer can have: remove one to add another.`}
      placeholder="Type a code (5415…) or words (software)"
      suggest={suggestNaics}
      parseList={parseNaicsList}
      chip={(code) => <NaicsText code={code} />}
      removeLabel={(code) => `Remove ${code}`}
    />
  );
}
