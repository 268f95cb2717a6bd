// The screens a broker does not need to start working, each loaded the first time it is opened (a
// chunk of its own in the build), so the window's first script holds only the employers, plans and
// wizard. The Shell shows "Loading…" (Suspense) for the moment a chunk takes to arrive.
import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named component export. */
function lazyNamed<Props, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const DraftsScreen = lazyNamed(() => import('../drafts/DraftsScreen'), 'DraftsScreen');
export const ExhibitScreen = lazyNamed(() => import('../exhibit/ExhibitScreen'), 'ExhibitScreen');
export const ImportScreen = lazyNamed(() => import('../import/ImportScreen'), 'ImportScreen');
export const SyncScreen = lazyNamed(() => import('../sync/SyncScreen'), 'SyncScreen');
export const UsersScreen = lazyNamed(() => import('../admin/people/UsersScreen'), 'UsersScreen');
export const DivisionsScreen = lazyNamed(() => import('../admin/people/DivisionsScreen'), 'DivisionsScreen');
export const InspectorScreen = lazyNamed(() => import('../admin/inspector/InspectorScreen'), 'InspectorScreen');
export const BackupsScreen = lazyNamed(() => import('../admin/safety/BackupsScreen'), 'BackupsScreen');
