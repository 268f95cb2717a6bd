import { Suspense } from 'react';
import { EmployerFormScreen } from '../employers/EmployerFormScreen';
import { EmployerPage } from '../employers/EmployerPage';
import { EmployersScreen } from '../employers/EmployersScreen';
import { PlanPage } from '../plans/PlanPage';
import { WizardScreen } from '../plans/WizardScreen';
import { useIsAdmin } from '../admin/admin-state';
import { BackupsScreen, DivisionsScreen, DraftsScreen, ExhibitScreen, ImportScreen, InspectorScreen, SyncScreen, UsersScreen } from './lazy-screens';
import { WaitingCount } from './WaitingCount';
import { AppShortcuts } from './AppShortcuts';
import { DoneNotice } from './DoneNotice';
import { hashOf, useRoute, type Route } from './routes';
import { useWorkspace } from './workspace-store';

const sections: { label: string; route: Route; matches: Route['name'][]; adminOnly?: boolean }[] = [
  {
    label: 'Employers',
    route: { name: 'employers' },
    matches: ['employers', 'employer', 'employer-new', 'employer-edit', 'exhibit', 'plan', 'wizard', 'import'],
  },
  { label: 'Drafts', route: { name: 'drafts' }, matches: ['drafts'] },
  { label: 'Sync', route: { name: 'sync' }, matches: ['sync'] },
  { label: 'Users', route: { name: 'users' }, matches: ['users'], adminOnly: true },
  { label: 'Divisions', route: { name: 'divisions' }, matches: ['divisions'], adminOnly: true },
  { label: 'Inspector', route: { name: 'inspector' }, matches: ['inspector'] },
  { label: 'Backups', route: { name: 'backups' }, matches: ['backups'] },
];

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'employers':
      return <EmployersScreen />;
    case 'employer-new':
      return <EmployerFormScreen key={route.draftId ?? 'new'} draftId={route.draftId} />;
    case 'employer-edit':
      return <EmployerFormScreen key={route.id} employerId={route.id} draftId={route.draftId} />;
    case 'employer':
      return <EmployerPage key={route.id} id={route.id} />;
    case 'exhibit':
      return <ExhibitScreen key={`${route.employerId}/${route.year}`} employerId={route.employerId} year={route.year} />;
    case 'plan':
      return <PlanPage key={route.id} benefit={route.benefit} id={route.id} />;
    case 'wizard':
      return <WizardScreen key={route.draftId} draftId={route.draftId} resumed={route.resumed === true} />;
    case 'drafts':
      return <DraftsScreen />;
    case 'sync':
      return <SyncScreen />;
    case 'users':
      return <UsersScreen />;
    case 'divisions':
      return <DivisionsScreen />;
    case 'inspector':
      return <InspectorScreen key={route.id ?? 'search'} id={route.id} />;
    case 'backups':
      return <BackupsScreen />;
    case 'import':
      return <ImportScreen key={`${route.kind}-${route.employer ?? ''}`} kind={route.kind} employer={route.employer} />;
  }
}

/** The app around every screen: where you are, where you can go, and who you are. */
export function Shell() {
  const route = useRoute((state) => state.route);
  const status = useWorkspace((state) => state.status);
  const isAdmin = useIsAdmin();
  return (
    <div className="shell">
      <AppShortcuts />
      <header className="shell-header">
        <span className="brand">PlanDesk</span>
        <nav aria-label="Sections">
          {sections
            .filter((section) => isAdmin || !section.adminOnly)
            .map((section) => (
              <a key={section.label} href={hashOf(section.route)} aria-current={section.matches.includes(route.name) ? 'page' : undefined}>
                {section.label}
              </a>
            ))}
        </nav>
        <WaitingCount />
        {status?.ready && (
          <span className="identity" title={status.user.email}>
            {status.account} · {status.user.email}
          </span>
        )}
      </header>
      {status?.problem && (
        <p className="storage-banner" role="alert">
          {status.problem.message} Changes cannot be saved until this is fixed; <a href={hashOf({ name: 'backups' })}>backups</a>.
        </p>
      )}
      <main className="shell-main">
        <DoneNotice />
        <Suspense fallback={<section aria-busy="true">Loading…</section>}>
          <Screen route={route} />
        </Suspense>
      </main>
    </div>
  );
}
