// Kubeplay's page: start the simulation worker, then lay out the toolbar, graph, inspector and dock.
// App composes; it does not compute.

import { Layout } from './app/Layout';
import { useSimWorker } from './useSimWorker';

export function App() {
  useSimWorker();
  return <Layout />;
}
