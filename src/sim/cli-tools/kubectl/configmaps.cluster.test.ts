// ConfigMaps and Secrets on the whole simulated cluster: stored, listed and described as kubectl
// v1.31 prints them (printConfigMap, printSecret in pkg/printers/internalversion/printers.go;
// describeConfigMap, describeSecret in kubectl/pkg/describe/describe.go), and the
// root-ca-cert-publisher's kube-root-ca.crt in every namespace
// (pkg/controller/certificates/rootcacertpublisher/publisher.go).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { CLUSTER_CA_CERT_PEM } from '../../bootstrap/cluster-ca';

const GAME = `apiVersion: v1
kind: ConfigMap
metadata:
  name: game-demo
data:
  player_initial_lives: "3"
  game.properties: |
    enemy.types=aliens,monsters
binaryData:
  icon: AAEC
`;

const SECRET = `apiVersion: v1
kind: Secret
metadata:
  name: db-user
stringData:
  username: admin
data:
  password: MWYyZDFlMmU2N2Rm
`;

function cluster() {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}

describe('ConfigMaps and Secrets on a cluster', () => {
  it('stores them and lists them with kubectl\'s columns', () => {
    const c = cluster();
    expect(c.run('kubectl apply -f -', { stdin: GAME }).stdout).toBe('configmap/game-demo created\n');
    expect(c.run('kubectl apply -f -', { stdin: SECRET }).stdout).toBe('secret/db-user created\n');
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.run('kubectl get cm').stdout).toMatch(/^NAME {15}DATA {3}AGE\ngame-demo {10}3 {6}10s\nkube-root-ca\.crt {3}1 {6}\d+s\n$/);
    expect(c.run('kubectl get secrets').stdout).toBe('NAME      TYPE     DATA   AGE\ndb-user   Opaque   2      10s\n');
  });

  it('describes a ConfigMap with its Data and BinaryData, and a Secret with sizes only', () => {
    const c = cluster();
    c.run('kubectl create -f -', { stdin: GAME });
    c.run('kubectl create -f -', { stdin: SECRET });
    expect(c.run('kubectl describe configmap game-demo').stdout).toBe(
      [
        'Name:         game-demo',
        'Namespace:    default',
        'Labels:       <none>',
        'Annotations:  <none>',
        '',
        'Data',
        '====',
        'game.properties:',
        '----',
        'enemy.types=aliens,monsters',
        '',
        '',
        'player_initial_lives:',
        '----',
        '3',
        '',
        '',
        'BinaryData',
        '====',
        'icon: 3 bytes',
        '',
        'Events:  <none>',
        '',
      ].join('\n'),
    );
    expect(c.run('kubectl describe secret db-user').stdout).toBe(
      ['Name:         db-user', 'Namespace:    default', 'Labels:       <none>', 'Annotations:  <none>', '', 'Type:  Opaque', '', 'Data', '====', 'password:  12 bytes', 'username:  5 bytes', ''].join('\n'),
    );
    expect(c.run('kubectl get secret db-user -o jsonpath={.data.username}').stdout).toBe('YWRtaW4=');
  });

  it('refuses an update of an immutable ConfigMap with the apiserver\'s text', () => {
    const c = cluster();
    c.run('kubectl apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: frozen\nimmutable: true\ndata:\n  a: "1"\n' });
    const out = c.run('kubectl apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: frozen\nimmutable: true\ndata:\n  a: "2"\n' });
    expect(out.stderr).toBe('The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set\n');
  });

  it('publishes kube-root-ca.crt in every namespace, and puts it back when deleted', () => {
    const c = cluster();
    c.run('kubectl create namespace team-a');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.run('kubectl get cm -n team-a -o name').stdout).toBe('configmap/kube-root-ca.crt\n');
    const published = JSON.parse(c.run('kubectl get cm kube-root-ca.crt -n kube-system -o json').stdout) as { data: Record<string, string> };
    expect(published.data).toEqual({ 'ca.crt': CLUSTER_CA_CERT_PEM });
    expect(c.run('kubectl delete cm kube-root-ca.crt -n team-a').stdout).toBe('configmap "kube-root-ca.crt" deleted\n');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.run('kubectl get cm -n team-a -o name').stdout).toBe('configmap/kube-root-ca.crt\n');
    const described = c.run('kubectl describe cm kube-root-ca.crt -n team-a').stdout;
    expect(described).toContain(
      'Annotations:  kubernetes.io/description:\n                Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubern...\n',
    );
  });
});
