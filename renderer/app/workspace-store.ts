import { create } from 'zustand';
import type { WorkspaceStatus } from '../../shared/resources/workspace';
import { api } from '../api/api';
import { bridge } from '../bridge/bridge';
import { errorText } from '../api/error-text';

export interface Named {
  id: string;
  name: string;
}

interface WorkspaceState {
  status: WorkspaceStatus | undefined;
  /** Divisions and filters the person may use: the pickers' choices. */
  divisions: Named[];
  filters: Named[];
  loadError: string | undefined;
  load(): Promise<void>;
}

export const useWorkspace = create<WorkspaceState>((set) => ({
  status: undefined,
  divisions: [],
  filters: [],
  loadError: undefined,
  async load() {
    try {
      const status = await bridge.workspace();
      if (!status.ready) return set({ status, loadError: undefined });
      const [divisions, filters] = await Promise.all([api.get<Named[]>('/divisions/list/'), api.get<Named[]>('/filters/list/')]);
      set({
        status,
        divisions: divisions.ok ? divisions.body : [],
        filters: filters.ok ? filters.body : [],
        loadError: undefined,
      });
    } catch (error) {
      set({ loadError: errorText(error) });
    }
  },
}));

export const divisionName = (divisions: Named[], id: string) => divisions.find((d) => d.id === id)?.name ?? 'Unknown division';
