import { useEffect } from 'react';
import { useWorkspace } from './app/workspace-store';
import { Shell } from './app/Shell';
import { WelcomeScreen } from './welcome/WelcomeScreen';
import { RecoveryScreen } from './admin/safety/RecoveryScreen';

/** First run shows the welcome screen; afterwards, the app; a workspace that cannot be opened, the way back. */
export function App() {
  const { status, loadError, load } = useWorkspace();
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError) {
    return (
      <main className="centered">
        <h1>PlanDesk</h1>
        <p role="alert">PlanDesk could not open its workspace: {loadError}</p>
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </main>
    );
  }
  if (!status) return <main className="centered" aria-busy="true" />;
  if (!status.ready && status.problem) return <RecoveryScreen problem={status.problem} onRetry={() => void load()} />;
  return status.ready ? <Shell /> : <WelcomeScreen />;
}
