import { DraftsScreen } from '../drafts/DraftsScreen';
import { EmployerFormScreen } from '../employers/EmployerFormScreen';
import { EmployerPage } from '../employers/EmployerPage';
import { EmployersScreen } from '../employers/EmployersScreen';
import { ImportScreen } from '../import/ImportScreen';
import { PlanPage } from '../plans/PlanPage';
import { WizardScreen } from '../plans/WizardScreen';
import { SyncScreen } from '../sync/SyncScreen';
import { AppShortcuts } from './AppShortcuts';
import { hashOf, useRoute, type Route } from './routes';
import { useWorkspace } from './workspace-store';

const sections: { label: string; route: Route; matches: Route['name'][] }[] = [
  { label: 'Employers', route: { name: 'employers' }, matches: ['employers', 'employer', 'employer-new', 'employer-edit', 'plan', 'wizard', 'import'] },
  { label: 'Drafts', route: { name: 'drafts' }, matches: ['drafts'] },
  { label: 'Sync', route: { name: 'sync' }, matches: ['sync'] },
];

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'employers': return <EmployersScreen />;
    case 'employer-new': return <EmployerFormScreen key={route.draftId ?? 'new'} draftId={route.draftId} />;
    case 'employer-edit': return <EmployerFormScreen key={route.id} employerId={route.id} draftId={route.draftId} />;
    case 'employer': return <EmployerPage key={route.id} id={route.id} />;
    case 'plan': return <PlanPage key={route.id} benefit={route.benefit} id={route.id} />;
    case 'wizard': return <WizardScreen key={route.draftId} draftId={route.draftId} />;
    case 'drafts': return <DraftsScreen />;
    case 'sync': return <SyncScreen />;
    case 'import': return <ImportScreen key={`${route.kind}-${route.employer ?? ''}`} kind={route.kind} employer={route.employer} />;
  }
}

/** The app around every screen: where you are, where you can go, and who you are. */
export function Shell() {
  const route = useRoute((state) => state.route);
  const status = useWorkspace((state) => state.status);
  return (
    <div className="shell">
      <AppShortcuts />
      <header className="shell-header">
        <span className="brand">PlanDesk</span>
        <nav aria-label="Sections">
          {sections.map((section) => (
            <a key={section.label} href={hashOf(section.route)} aria-current={section.matches.includes(route.name) ? 'page' : undefined}>
              {section.label}
            </a>
          ))}
        </nav>
        {status?.ready && (
          <span className="identity" title={status.user.email}>
            {status.account} · {status.user.email}
          </span>
        )}
      </header>
      <main className="shell-main">
        <Screen route={route} />
      </main>
    </div>
  );
}
