// The NAICS 2017 titles (60 KB of data) are a chunk of their own, fetched once the first screen that
// shows them is up, so they never hold up the window's start. Until they arrive, codes show alone.
import { useEffect, useState } from 'react';

export type Naics = typeof import('../../shared/naics/naics');
export type NaicsTitle = Naics['naicsTitle'];

let loaded: Naics | undefined;
let loading: Promise<Naics> | undefined;

function loadNaics(): Promise<Naics> {
  loading ??= import('../../shared/naics/naics').then(
    (naics) => (loaded = naics),
    (error: unknown) => {
      loading = undefined; // the next screen that needs the titles tries again
      throw error;
    },
  );
  return loading;
}

/** The NAICS list and its search, or undefined for the moment it is still loading. */
export function useNaics(): Naics | undefined {
  const [naics, setNaics] = useState(loaded);
  useEffect(() => {
    // Should the chunk fail to load, the codes stay on screen without titles (the console has the reason).
    if (!naics) loadNaics().then(setNaics, () => undefined);
  }, [naics]);
  return naics;
}
