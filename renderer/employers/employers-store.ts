import { create } from 'zustand';
import type { EmployerSummary } from '../../shared/resources/employer';
import { api, failureMessage } from '../api/api';
import { indexEmployers, NO_CRITERIA, type EmployerCriteria, type SearchableEmployer } from './employer-search';

interface EmployersState {
  /** Every employer the person may see; undefined until the first load answers. */
  summaries: EmployerSummary[] | undefined;
  index: SearchableEmployer[];
  loadError: string | undefined;
  /** The list's search, filters and selection outlive the screen: back from an employer lands where you were. */
  criteria: EmployerCriteria;
  selectedId: string | undefined;
  /** Loads the summaries unless they are loaded (or loading) already. */
  load(): Promise<void>;
  /** Reloads them: after a save or a delete. */
  refresh(): Promise<void>;
  setCriteria(patch: Partial<EmployerCriteria>): void;
  select(id: string | undefined): void;
}

let inFlight: Promise<void> | undefined;

export const useEmployers = create<EmployersState>((set, get) => ({
  summaries: undefined,
  index: [],
  loadError: undefined,
  criteria: NO_CRITERIA,
  selectedId: undefined,
  load() {
    if (get().summaries) return Promise.resolve();
    return (inFlight ??= get().refresh());
  },
  async refresh() {
    try {
      const result = await api.get<EmployerSummary[]>('/employers/summaries/');
      if (result.ok) set({ summaries: result.body, index: indexEmployers(result.body), loadError: undefined });
      else set({ loadError: failureMessage(result) });
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : String(error) });
    } finally {
      inFlight = undefined;
    }
  },
  setCriteria(patch) {
    set((state) => ({ criteria: { ...state.criteria, ...patch } }));
  },
  select(id) {
    set({ selectedId: id });
  },
}));
