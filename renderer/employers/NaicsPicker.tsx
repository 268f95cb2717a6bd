import { useCallback } from 'react';
import { MAX_NAICS_CODES } from '../../shared/resources/employer';
import { ChipCombobox, type ChipOption, type ChipPickerProps } from './ChipCombobox';
import { useNaics, type Naics } from './naics-on-demand';

const SUGGESTIONS = 8;

/** A 6-digit code the 2017 list lacks is still offered: the service takes any (NAICS 2022 added some). */
function suggestNaics(naics: Naics, query: string, chosen: ReadonlySet<string>): ChipOption[] {
  if (/^\d{6}$/.test(query) && !naics.isNaics2017(query)) {
    return chosen.has(query) ? [] : [{ value: query, label: <NaicsText naics={naics} code={query} /> }];
  }
  return naics
    .searchNaics(query, SUGGESTIONS + chosen.size)
    .filter((entry) => !chosen.has(entry.code))
    .slice(0, SUGGESTIONS)
    .map((entry) => ({ value: entry.code, label: <NaicsText naics={naics} code={entry.code} /> }));
}

function parseNaicsList(query: string): string[] | undefined {
  const codes = query.split(/[\s,;]+/).filter(Boolean);
  return codes.every((code) => /^\d{6}$/.test(code)) ? codes : undefined;
}

/** A code with its 2017 title; the code alone for the moment the titles are loading. */
function NaicsText({ naics, code }: { naics: Naics | undefined; code: string }) {
  if (!naics) return <b>{code}</b>;
  const title = naics.naicsTitle(code);
  return (
    <>
      <b>{code}</b> {title ?? <span className="hint">{naics.NAICS_NOT_IN_2017}</span>}
    </>
  );
}

/** Up to four NAICS codes, found by code or by words of their 2017 titles. */
export function NaicsPicker(props: ChipPickerProps) {
  const naics = useNaics();
  const suggest = useCallback((query: string, chosen: ReadonlySet<string>) => (naics ? suggestNaics(naics, query, chosen) : []), [naics]);
  return (
    <ChipCombobox
      {...props}
      max={MAX_NAICS_CODES}
      fullMessage={`${MAX_NAICS_CODES} codes chosen, the most an employer can have: remove one to add another.`}
      placeholder="Type a code (5415…) or words (software)"
      suggest={suggest}
      parseList={parseNaicsList}
      chip={(code) => <NaicsText naics={naics} code={code} />}
      removeLabel={(code) => `Remove ${code}`}
    />
  );
}
