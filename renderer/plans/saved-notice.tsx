import { useEffect } from 'react';
import { create } from 'zustand';

/** A plan just saved, and the review's warnings about it: said on the employer's page, whichever step saved it. */
export interface SavedNotice {
  employerId: string;
  title: string;
  warnings: string[];
}

export const useSavedNotice = create<{ notice: SavedNotice | undefined }>(() => ({ notice: undefined }));

export const announceSaved = (notice: SavedNotice) => useSavedNotice.setState({ notice });

/** The notice for this employer's page, until the page is left. */
export function SavedPlanNotice({ employerId }: { employerId: string }) {
  const notice = useSavedNotice((state) => (state.notice?.employerId === employerId ? state.notice : undefined));
  useEffect(() => () => useSavedNotice.setState({ notice: undefined }), []);
  if (!notice) return null;
  return (
    <div className={notice.warnings.length > 0 ? 'warning' : 'saved-notice'} role="status">
      <p>
        Saved “{notice.title}”.{notice.warnings.length > 0 && <strong> Worth a second look</strong>}
        {notice.warnings.length > 0 && ' (saving was not held up):'}
      </p>
      {notice.warnings.length > 0 && (
        <ul>
          {notice.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
