import { useEffect } from 'react';
import { create } from 'zustand';
import { hashOf, useRoute, type Route } from './routes';

/** What was just done, said on the screen it leads to ("Deleted the employer “Globex”."). */
const useDoneNotice = create<{ notice: { text: string; hash: string } | undefined }>(() => ({ notice: undefined }));

/** Confirms an action on `on`, the screen it goes to (the current one when it stays). */
export function announceDone(text: string, on: Route = useRoute.getState().route): void {
  useDoneNotice.setState({ notice: { text, hash: hashOf(on) } });
}

/** The notice of the screen shown, until that screen is left. */
export function DoneNotice() {
  const here = hashOf(useRoute((state) => state.route));
  const notice = useDoneNotice((state) => state.notice);
  useEffect(
    () => () => {
      if (useDoneNotice.getState().notice?.hash === here) useDoneNotice.setState({ notice: undefined });
    },
    [here],
  );
  if (notice?.hash !== here) return null;
  return (
    <p className="saved-notice" role="status">
      {notice.text}
    </p>
  );
}
