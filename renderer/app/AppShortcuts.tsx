import { useEmployerList } from '../employers/employer-list-store';
import { navigate, useRoute } from './routes';
import { useShortcuts } from './shortcuts';

/** The shortcuts that work from every screen: Alt+N starts a new employer, "/" searches the employers. */
export function AppShortcuts() {
  useShortcuts({
    'Alt+N': () => navigate({ name: 'employer-new' }),
    '/': () => {
      if (useRoute.getState().route.name !== 'employers') navigate({ name: 'employers' });
      useEmployerList.getState().requestSearch();
    },
  });
  return null;
}
