// A restarted container finds its pod's emptyDir as it left it, but its own filesystem new
// (kubernetes.io Concepts > Storage > Volumes, emptyDir: "The data in an emptyDir volume is safe
// across container crashes"): postgres on an emptyDir skips initialisation when its liveness probe
// restarts it (docker-library/postgres docker-entrypoint.sh _main: PG_VERSION in PGDATA), and
// without the volume it initialises again.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const manifest = (name: string, volume: boolean): string => `
apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  containers:
  - name: db
    image: postgres:16
    env: [{name: POSTGRES_PASSWORD, value: example}]
    livenessProbe: {tcpSocket: {port: 9999}, initialDelaySeconds: 20, periodSeconds: 5, failureThreshold: 1}
${volume ? '    volumeMounts: [{name: data, mountPath: /var/lib/postgresql/data}]\n  volumes: [{name: data, emptyDir: {}}]' : ''}
`;

describe('postgres restarted by its liveness probe', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });
  c.run('kubectl apply -f -', { stdin: manifest('kept', true) });
  c.run('kubectl apply -f -', { stdin: manifest('lost', false) });
  c.sim.runUntil(c.sim.now + 45_000);
  const restarts = (pod: string): number => Number(c.run(`kubectl get pod ${pod} -o jsonpath={.status.containerStatuses[0].restartCount}`).stdout);

  it('initialises on the first run, and skips it on an emptyDir the restart finds again', () => {
    expect(restarts('kept')).toBeGreaterThanOrEqual(1);
    expect(c.run('kubectl logs kept --previous').stdout).toContain('PostgreSQL init process complete; ready for start up.');
    const now = c.run('kubectl logs kept').stdout.split('\n');
    expect(now.slice(0, 3)).toEqual(['', 'PostgreSQL Database directory appears to contain a database; Skipping initialization', '']);
    expect(now.at(-2)).toMatch(/ \[1\] LOG: {2}database system is ready to accept connections$/);
  });

  it('initialises again without the volume', () => {
    expect(restarts('lost')).toBeGreaterThanOrEqual(1);
    expect(c.run('kubectl logs lost').stdout.split('\n')[0]).toBe('The files belonging to this database system will be owned by user "postgres".');
  });
});

// docker-library/mysql docker-entrypoint.sh _main: a database in /var/lib/mysql skips the init run.
describe('mysql restarted by its liveness probe on an emptyDir', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });
  const pod = manifest('db', true)
    .replace('image: postgres:16', 'image: mysql:9')
    .replace('POSTGRES_PASSWORD', 'MYSQL_ROOT_PASSWORD')
    .replace('/var/lib/postgresql/data', '/var/lib/mysql')
    .replace('initialDelaySeconds: 20', 'initialDelaySeconds: 30');
  c.run('kubectl apply -f -', { stdin: pod });
  c.sim.runUntil(c.sim.now + 60_000);

  it('initialises first (its temporary server logging to <pod name>.err), then only links the socket', () => {
    expect(c.run('kubectl logs db --previous').stdout).toContain('mysqld will log errors to /var/lib/mysql/db.err\n');
    const now = c.run('kubectl logs db').stdout.split('\n');
    expect(now[3]).toBe("'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'");
    expect(now.some((l) => l.includes('Initializing database files'))).toBe(false);
  });
});
