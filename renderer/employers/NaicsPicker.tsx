import { useCallback } from 'react';
import { MAX_NAICS_CODES } from '../../shared/resources/employer';
import { ChipCombobox, type ChipOption, type ChipPickerProps } from './ChipCombobox';
import { useNaics, type Naics } from './naics-on-demand';

const SUGGESTIONS = 8;

/** Codes of the 2017 list only: the service refuses any other (a pasted list is added as it is, and a code not in it shows the service's error). */
function suggestNaics(naics: Naics, query: string, chosen: ReadonlySet<string>): ChipOption[] {
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
      nothingFor={(query) =>
        /^\d{6}$/.test(query)
          ? `${query} is not a 2017 NAICS code. Search by the industry's words (software) or the first digits of its code (5415).`
          : `No 2017 NAICS code matches “${query}”.`
      }
      chip={(code) => <NaicsText naics={naics} code={code} />}
      removeLabel={(code) => `Remove ${code}`}
    />
  );
}
