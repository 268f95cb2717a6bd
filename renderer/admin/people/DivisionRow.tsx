import { useState } from 'react';
import type { Division } from '../../../shared/resources/division';

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
      <td>{division.users.length}</td>
      <td>{division.employer_ids.length}</td>
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
          {deleting ? (
            <>
              <button type="button" className="danger" onClick={() => void onDelete().then(() => setDeleting(false))}>
                Delete {division.name}
              </button>
              <button type="button" onClick={() => setDeleting(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setDeleting(true)}>
              Delete… <span className="visually-hidden">{division.name}</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
