import { useState } from 'react';
import type { Division } from '../../../shared/resources/division';
import { AskFirst } from '../../app/AskFirst';
import { countText } from '../../app/counts';

interface DivisionRowProps {
  division: Division;
  /** Each answers whether the change went through. */
  onRename(name: string): Promise<boolean>;
  onDelete(): Promise<boolean>;
}

/** One division: its counts, renamed in place, deleted after a confirmation. */
export function DivisionRow({ division, onRename, onDelete }: DivisionRowProps) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  return (
    <tr>
      <td>
        {renaming === undefined ? (
          division.name
        ) : (
          <input aria-label={`New name of ${division.name}`} value={renaming} onChange={(event) => setRenaming(event.target.value)} autoFocus />
        )}
      </td>
      <td>{countText(division.users.length)}</td>
      <td>{countText(division.employer_ids.length)}</td>
      <td>
        <div className="actions">
          {renaming === undefined ? (
            <button type="button" onClick={() => setRenaming(division.name)}>
              Rename <span className="visually-hidden">{division.name}</span>
            </button>
          ) : (
            <>
              <button type="button" className="primary" onClick={() => void onRename(renaming).then((done) => done && setRenaming(undefined))}>
                Save name
              </button>
              <button type="button" onClick={() => setRenaming(undefined)}>
                Cancel
              </button>
            </>
          )}
          <AskFirst
            asking={deleting}
            ask={
              <>
                Delete… <span className="visually-hidden">{division.name}</span>
              </>
            }
            onAsk={() => setDeleting(true)}
            confirm={`Delete ${division.name}`}
            onConfirm={() => void onDelete().then(() => setDeleting(false))}
            onKeep={() => setDeleting(false)}
          />
        </div>
      </td>
    </tr>
  );
}
