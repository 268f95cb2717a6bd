import { useId } from 'react';
import type { ColumnMapping } from '../../shared/import-table';

interface ColumnMatchesProps {
  headers: readonly string[];
  mapping: ColumnMapping;
  fields: readonly { name: string; label: string }[];
  disabled: boolean;
  onChange(column: string, field: string | null): void;
}

/** Each column of the sheet and the field it fills; any match can be changed, or the column left out. */
export function ColumnMatches(props: ColumnMatchesProps) {
  const id = useId();
  const columns = props.headers.filter((header) => header !== '');
  return (
    <fieldset className="column-matches">
      <legend>Columns and the fields they fill</legend>
      <div className="column-match-list">
        {columns.map((column, index) => {
          const field = props.mapping[column] ?? null;
          return (
            <div key={column} className={`column-match${field === null ? ' column-unmatched' : ''}`}>
              <label htmlFor={`${id}-${index}`}>{column}</label>
              <select
                id={`${id}-${index}`}
                value={field ?? ''}
                disabled={props.disabled}
                onChange={(event) => props.onChange(column, event.target.value || null)}
              >
                <option value="">Leave out</option>
                {props.fields.map((option) => (
                  <option key={option.name} value={option.name}>
                    {option.label} ({option.name})
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
