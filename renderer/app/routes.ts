import { create } from 'zustand';
import { isImportKind, type ImportKind } from '../../shared/import-table';
import { isBenefit, type Benefit } from '../../shared/plans/benefits';
import { UUID_TEXT } from '../../shared/validation/uuid';

/** Every screen of the app. The address bar's hash mirrors it, so a reload lands where you were. */
export type Route =
  | { name: 'employers' }
  | { name: 'employer-new'; draftId?: string }
  | { name: 'employer'; id: string }
  | { name: 'exhibit'; employerId: string; year: number }
  | { name: 'employer-edit'; id: string; draftId?: string }
  | { name: 'plan'; benefit: Benefit; id: string }
  | { name: 'wizard'; draftId: string; resumed?: true }
  | { name: 'drafts' }
  | { name: 'sync' }
  | { name: 'users' }
  | { name: 'divisions' }
  | { name: 'inspector'; id?: string }
  | { name: 'backups' }
  | { name: 'import'; kind: ImportKind; employer?: string };

const ID = `(${UUID_TEXT})`;

function routeFromHash(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const [base, query] = path.split('?') as [string, string | undefined];
  const draftId = new URLSearchParams(query ?? '').get('draft') ?? undefined;
  let match: RegExpExecArray | null;
  if (base === '/employers/new') return { name: 'employer-new', ...(draftId ? { draftId } : {}) };
  if ((match = new RegExp(`^/employers/${ID}/edit$`).exec(base))) return { name: 'employer-edit', id: match[1]!, ...(draftId ? { draftId } : {}) };
  if ((match = new RegExp(`^/employers/${ID}$`).exec(base))) return { name: 'employer', id: match[1]! };
  if ((match = new RegExp(`^/employers/${ID}/exhibit/(\\d{4})$`).exec(base))) return { name: 'exhibit', employerId: match[1]!, year: Number(match[2]) };
  if ((match = new RegExp(`^/plans/(\\w+)/${ID}$`).exec(base)) && isBenefit(match[1]!)) return { name: 'plan', benefit: match[1], id: match[2]! };
  if ((match = new RegExp(`^/wizard/${ID}$`).exec(base))) {
    return { name: 'wizard', draftId: match[1]!, ...(new URLSearchParams(query ?? '').has('resumed') ? { resumed: true as const } : {}) };
  }
  if ((match = /^\/import\/(\w+)$/.exec(base)) && isImportKind(match[1]!)) {
    const employer = new URLSearchParams(query ?? '').get('employer');
    return { name: 'import', kind: match[1], ...(employer && new RegExp(`^${ID}$`).test(employer) ? { employer } : {}) };
  }
  if (base === '/drafts') return { name: 'drafts' };
  if (base === '/sync') return { name: 'sync' };
  if (base === '/users') return { name: 'users' };
  if (base === '/divisions') return { name: 'divisions' };
  if (base === '/backups') return { name: 'backups' };
  if (base === '/inspector') return { name: 'inspector' };
  if ((match = new RegExp(`^/inspector/${ID}$`).exec(base))) return { name: 'inspector', id: match[1]! };
  return { name: 'employers' };
}

export function hashOf(route: Route): string {
  const draft = 'draftId' in route && route.draftId ? `?draft=${route.draftId}` : '';
  switch (route.name) {
    case 'employers':
      return '#/employers';
    case 'employer-new':
      return `#/employers/new${draft}`;
    case 'employer':
      return `#/employers/${route.id}`;
    case 'exhibit':
      return `#/employers/${route.employerId}/exhibit/${route.year}`;
    case 'employer-edit':
      return `#/employers/${route.id}/edit${draft}`;
    case 'plan':
      return `#/plans/${route.benefit}/${route.id}`;
    case 'wizard':
      return `#/wizard/${route.draftId}${route.resumed ? '?resumed' : ''}`;
    case 'drafts':
      return '#/drafts';
    case 'sync':
      return '#/sync';
    case 'users':
      return '#/users';
    case 'divisions':
      return '#/divisions';
    case 'backups':
      return '#/backups';
    case 'inspector':
      return route.id ? `#/inspector/${route.id}` : '#/inspector';
    case 'import':
      return `#/import/${route.kind}${route.employer ? `?employer=${route.employer}` : ''}`;
  }
}

interface RouteState {
  route: Route;
  navigate(route: Route, options?: { replace?: boolean }): void;
}

export const useRoute = create<RouteState>((set) => ({
  route: routeFromHash(window.location.hash),
  navigate(route, options) {
    const hash = hashOf(route);
    if (options?.replace) window.history.replaceState(null, '', hash);
    else window.history.pushState(null, '', hash);
    set({ route });
  },
}));

window.addEventListener('popstate', () => useRoute.setState({ route: routeFromHash(window.location.hash) }));
window.addEventListener('hashchange', () => useRoute.setState({ route: routeFromHash(window.location.hash) }));

export const navigate = (route: Route, options?: { replace?: boolean }) => useRoute.getState().navigate(route, options);
