import { foldText } from '../../shared/naics/fold-text';
import { isUsState, US_STATES } from '../../shared/resources/us-states';
import { ChipCombobox, type ChipOption, type ChipPickerProps } from './ChipCombobox';

const STATES = Object.entries(US_STATES).map(([code, name]) => ({ code, name, folded: foldText(name) }));

/** By code or name: an exact code first ("in" is Indiana), then names, then other words ("york"). */
function suggestStates(query: string, chosen: ReadonlySet<string>): ChipOption[] {
  const q = foldText(query);
  const rank = (state: (typeof STATES)[number]) => {
    if (q === '') return 0;
    if (state.code.toLowerCase() === q) return 0;
    if (state.folded.startsWith(q)) return 1;
    if (state.code.toLowerCase().startsWith(q)) return 2;
    if (state.folded.split(/\s+/).some((word) => word.startsWith(q))) return 3;
    return undefined;
  };
  return STATES.filter((state) => !chosen.has(state.code))
    .map((state) => ({ state, rank: rank(state) }))
    .filter((entry): entry is { state: (typeof STATES)[number]; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map(({ state }) => ({
      value: state.code,
      label: (
        <>
          <b>{state.code}</b> {state.name}
        </>
      ),
    }));
}

function parseStateList(query: string): string[] | undefined {
  const codes = query
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  return codes.every(isUsState) ? codes : undefined;
}

/** Any of the 50 states and DC; ArrowDown on the empty box lists them all. */
export function StatePicker(props: ChipPickerProps) {
  return (
    <ChipCombobox
      {...props}
      placeholder="Type a code or name (CA, Texas…); ↓ lists all"
      suggest={suggestStates}
      parseList={parseStateList}
      chip={(code) => <b>{code}</b>}
      chipTitle={(code) => (isUsState(code) ? US_STATES[code] : undefined)}
      removeLabel={(code) => `Remove ${code}`}
    />
  );
}
