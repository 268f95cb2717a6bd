import { create } from 'zustand';
import { NO_CRITERIA, type EmployerCriteria } from './employer-search';

interface EmployerListState {
  /** The list's search, filters and selection outlive the screen: back from an employer lands where you were. */
  criteria: EmployerCriteria;
  selectedId: string | undefined;
  /** Bumped by "/" from any screen: the list's search box takes the focus. */
  searchRequest: number;
  requestSearch(): void;
  setCriteria(patch: Partial<EmployerCriteria>): void;
  select(id: string | undefined): void;
}

/** What the broker did to the employer list; the employers themselves are server state (`data/server-state.ts`). */
export const useEmployerList = create<EmployerListState>((set) => ({
  criteria: NO_CRITERIA,
  selectedId: undefined,
  searchRequest: 0,
  requestSearch() {
    set((state) => ({ searchRequest: state.searchRequest + 1 }));
  },
  setCriteria(patch) {
    set((state) => ({ criteria: { ...state.criteria, ...patch } }));
  },
  select(id) {
    set({ selectedId: id });
  },
}));
