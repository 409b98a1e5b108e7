// The first half of the kubernetes.io task page "Configure a Pod to Use a ConfigMap"
// (https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/): ConfigMaps
// from a directory, from files, from env-files, with a key of one's own and from literals, each
// command in order, every output compared whole with what kubectl v1.31.9 printed for the same
// commands and files through `kubeplay serve` (creationTimestamp, resourceVersion and uid masked).
// The files are the page's (configmap/game.properties and ui.properties, fetched with wget into
// configure-pod-container/configmap/, then game-env-file.properties and ui-env-file.properties);
// the directory holds only the first two when game-config is made from it, as on the page. The
// page's own outputs are older: v1.31's describe adds the BinaryData section and
// `Events:  <none>`. The second half (pods using these ConfigMaps) is configmap-pods.cluster.test.ts.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const D = 'configure-pod-container/configmap';
const PROPERTIES: Record<string, string> = {
  [`${D}/game.properties`]: 'enemies=aliens\nlives=3\nenemies.cheat=true\nenemies.cheat.level=noGoodRotten\nsecret.code.passphrase=UUDDLRLRBABAS\nsecret.code.allowed=true\nsecret.code.lives=30',
  [`${D}/ui.properties`]: 'color.good=purple\ncolor.bad=yellow\nallow.textmode=true\nhow.nice.to.look=fairlyNice\n',
};
const WITH_ENV_FILES: Record<string, string> = {
  ...PROPERTIES,
  [`${D}/game-env-file.properties`]: 'enemies=aliens\nlives=3\nallowed="true"\n\n# This comment and the empty line above it are ignored\n',
  [`${D}/ui-env-file.properties`]: 'color=purple\ntextmode=true\n',
};

/** kubectl v1.31.9's output for each step below, masked as `mask` masks. */
const REAL = [
  'configmap/game-config created\nName:         game-config\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\ngame.properties:\n----\nenemies=aliens\nlives=3\nenemies.cheat=true\nenemies.cheat.level=noGoodRotten\nsecret.code.passphrase=UUDDLRLRBABAS\nsecret.code.allowed=true\nsecret.code.lives=30\n\nui.properties:\n----\ncolor.good=purple\ncolor.bad=yellow\nallow.textmode=true\nhow.nice.to.look=fairlyNice\n\n\n\nBinaryData\n====\n\nEvents:  <none>\napiVersion: v1\ndata:\n  game.properties: |-\n    enemies=aliens\n    lives=3\n    enemies.cheat=true\n    enemies.cheat.level=noGoodRotten\n    secret.code.passphrase=UUDDLRLRBABAS\n    secret.code.allowed=true\n    secret.code.lives=30\n  ui.properties: |\n    color.good=purple\n    color.bad=yellow\n    allow.textmode=true\n    how.nice.to.look=fairlyNice\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "<ts>"\n  name: game-config\n  namespace: default\n  rv\n  uid\n',
  'configmap/game-config-2 created\nName:         game-config-2\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\ngame.properties:\n----\nenemies=aliens\nlives=3\nenemies.cheat=true\nenemies.cheat.level=noGoodRotten\nsecret.code.passphrase=UUDDLRLRBABAS\nsecret.code.allowed=true\nsecret.code.lives=30\n\nui.properties:\n----\ncolor.good=purple\ncolor.bad=yellow\nallow.textmode=true\nhow.nice.to.look=fairlyNice\n\n\n\nBinaryData\n====\n\nEvents:  <none>\n',
  'configmap/game-config-env-file created\napiVersion: v1\ndata:\n  allowed: \'"true"\'\n  enemies: aliens\n  lives: "3"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "<ts>"\n  name: game-config-env-file\n  namespace: default\n  rv\n  uid\nconfigmap/config-multi-env-files created\napiVersion: v1\ndata:\n  allowed: \'"true"\'\n  color: purple\n  enemies: aliens\n  lives: "3"\n  textmode: "true"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "<ts>"\n  name: config-multi-env-files\n  namespace: default\n  rv\n  uid\n',
  'configmap/game-config-3 created\napiVersion: v1\ndata:\n  game-special-key: |-\n    enemies=aliens\n    lives=3\n    enemies.cheat=true\n    enemies.cheat.level=noGoodRotten\n    secret.code.passphrase=UUDDLRLRBABAS\n    secret.code.allowed=true\n    secret.code.lives=30\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "<ts>"\n  name: game-config-3\n  namespace: default\n  rv\n  uid\nconfigmap/special-config created\napiVersion: v1\ndata:\n  special.how: very\n  special.type: charm\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "<ts>"\n  name: special-config\n  namespace: default\n  rv\n  uid\n',
  'configmap "game-config" deleted\nconfigmap "game-config-2" deleted\nconfigmap "game-config-env-file" deleted\nconfigmap "config-multi-env-files" deleted\nconfigmap "game-config-3" deleted\nconfigmap "special-config" deleted\n',
];

const mask = (s: string): string =>
  s
    .replace(/\d{4}-[\d-]+T[\d:]+Z/g, '<ts>')
    .replace(/resourceVersion: "\d+"/g, 'rv')
    .replace(/uid: .*/g, 'uid');

describe('Configure a Pod to Use a ConfigMap: creating ConfigMaps (kubernetes.io task page)', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 3_000);
  const transcript = (files: Record<string, string>, lines: string[]): string =>
    mask(
      lines
        .map((l) => {
          const o = c.run(`kubectl ${l}`, { files });
          return o.stdout + o.stderr;
        })
        .join(''),
    );

  it('makes game-config from the directory, one key per file', () => {
    expect(transcript(PROPERTIES, [`create configmap game-config --from-file=${D}/`, 'describe configmaps game-config', 'get configmaps game-config -o yaml'])).toBe(REAL[0]);
  });

  it('makes game-config-2 from the two files', () => {
    expect(transcript(PROPERTIES, [`create configmap game-config-2 --from-file=${D}/game.properties --from-file=${D}/ui.properties`, 'describe configmaps game-config-2'])).toBe(REAL[1]);
  });

  it('reads env-files: one key per line, comments and empty lines skipped, quotes kept', () => {
    expect(
      transcript(WITH_ENV_FILES, [
        `create configmap game-config-env-file --from-env-file=${D}/game-env-file.properties`,
        'get configmap game-config-env-file -o yaml',
        `create configmap config-multi-env-files --from-env-file=${D}/game-env-file.properties --from-env-file=${D}/ui-env-file.properties`,
        'get configmap config-multi-env-files -o yaml',
      ]),
    ).toBe(REAL[2]);
  });

  it('names the key with --from-file=key=path, and makes special-config from literals', () => {
    expect(
      transcript(WITH_ENV_FILES, [
        `create configmap game-config-3 --from-file=game-special-key=${D}/game.properties`,
        'get configmaps game-config-3 -o yaml',
        'create configmap special-config --from-literal=special.how=very --from-literal=special.type=charm',
        'get configmaps special-config -o yaml',
      ]),
    ).toBe(REAL[3]);
  });

  it('deletes them all in one command', () => {
    expect(transcript(WITH_ENV_FILES, ['delete configmap game-config game-config-2 game-config-env-file config-multi-env-files game-config-3 special-config'])).toBe(REAL[4]);
  });
});
