// Dev-only page (served by `npx vite` at /src/ui/graph/dev/index.html; not part of the build): the graph
// on a fixture store state with looping messages, to look at it without the worker.
// URL parameters: workers=N (default 3), pods=N extra pods on worker-1, theme=light, menu=<process id>,
// paused=1 (freeze the dots at t=2100 ms), live=1 (the real simulation worker instead of the fixture),
// etcd=N (N members on hosts of their own), etcdDead=2,3 (those members stopped).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../theme.css';
import { useSimWorker } from '../../useSimWorker';
import { ClusterGraph } from '../ClusterGraph';
import { fixtureMessages, fixtureState, withExternalEtcd } from '../fixtures';
import { useSimStore, useUiStore } from '../../store/app-store';

const q = new URLSearchParams(location.search);
const workers = Number(q.get('workers') ?? 3);
const theme = q.get('theme') === 'light' ? 'light' : 'dark';
document.documentElement.dataset.theme = theme;
useUiStore.setState({ theme, hideHeartbeats: q.get('heartbeats') !== '1' });
const live = q.get('live') === '1';
const paused = q.get('paused') === '1';
const speed = 0.5;
let time = paused ? 2100 : 0;
if (!live) {
  useUiStore.setState({ send: (m) => console.info('send', JSON.stringify(m)) });
  const etcd = Number(q.get('etcd') ?? 0);
  const dead = (q.get('etcdDead') ?? '').split(',').filter(Boolean).map(Number);
  const state = fixtureState(workers, Number(q.get('pods') ?? 10));
  useSimStore.setState({ ...(etcd > 1 ? withExternalEtcd(state, etcd, dead) : state), apiEtcd: etcd > 1 ? 'etcd/etcd-2' : undefined, clock: { time, playing: !paused, speed }, inFlight: fixtureMessages(time) });
  if (!paused) {
    setInterval(() => {
      time += 100 * speed;
      useSimStore.setState({ clock: { time, playing: true, speed }, inFlight: fixtureMessages(time) });
    }, 100);
  }
}
// For Playwright scripts: the stores, to send commands and read state.
Object.assign(window, { __sim: useSimStore, __ui: useUiStore });

function Live() {
  useSimWorker();
  return null;
}
const menu = q.get('menu');
if (menu) setTimeout(() => useUiStore.getState().openMenu({ kind: menu.startsWith('host:') ? 'host' : 'component', id: menu.replace(/^host:/, '') }, 400, 200), 500);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <div style={{ width: '100vw', height: '100vh' }}>
      {live && <Live />}
      <ClusterGraph />
    </div>
  </StrictMode>,
);
