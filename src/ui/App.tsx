// A minimal page: the scenario's name, the simulated clock, the live `kubectl get pods` view and
// the scenario's transcript so far.

import { useSimWorker } from './useSimWorker';

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function App() {
  const view = useSimWorker();
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', margin: '1.5rem', maxWidth: '70rem' }}>
      <h1>Kubeplay</h1>
      <p>
        A Kubernetes v1.31 cluster simulated in your browser. Scenario: <strong>{view.scenario ?? 'loading…'}</strong>, simulated
        time <span data-testid="sim-time">{clock(view.time)}</span>
      </p>
      {view.errors.length > 0 && (
        <pre data-testid="errors" style={{ color: '#b00020' }}>
          {view.errors.join('\n')}
        </pre>
      )}
      <h2>$ kubectl get pods</h2>
      <pre data-testid="get-pods" style={{ background: '#111', color: '#ddd', padding: '0.75rem', minHeight: '3em' }}>
        {view.getPods}
      </pre>
      <h2>Transcript</h2>
      <pre data-testid="transcript" style={{ background: '#f4f4f4', padding: '0.75rem' }}>
        {view.outputs.map((o) => `[${clock(o.time)}] $ ${o.line}\n${o.stdout}${o.stderr}`).join('\n')}
      </pre>
    </main>
  );
}
