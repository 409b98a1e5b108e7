// `kubectl create deployment NAME --image=... [--replicas=N] [--port=P] [-- COMMAND [args...]]`:
// the Deployment that kubectl/pkg/cmd/create/create_deployment.go builds (labels `app: NAME`, one
// container per --image named after the image's base name, the port on the first container only,
// and what follows `--` as every container's `command`).

import type { KubeObject } from '../../../api/types';
import { flagArray, flagInt, type ParsedArgs } from '../flags';

/** The container name for an image: its last path part without tag or digest, `_`/`.` made `-`. */
export function containerNameForImage(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split(':')[0]!.split('@')[0]!;
  return name.replace(/[_.]/g, '-');
}

/** The Deployment to POST, or the error text kubectl prints. */
export function deploymentForCreate(p: ParsedArgs, namespace: string, namespaceExplicit: boolean): KubeObject | string {
  const names = p.args.slice(1);
  if (names.length !== 1) {
    return `error: exactly one NAME is required, got ${names.length}\nSee 'kubectl create deployment -h' for help and examples\n`;
  }
  const images = flagArray(p, 'image');
  if (images.length === 0) return 'error: required flag(s) "image" not set\n';
  const name = names[0]!;
  const labels = { app: name };
  const command = p.dashArgs;
  if (command.length > 0 && images.length > 1) return 'error: cannot specify multiple --image options and command\n';
  const containers: Record<string, unknown>[] = images.map((image) => ({ name: containerNameForImage(image), image, ...(command.length ? { command } : {}), resources: {} }));
  const port = flagInt(p, 'port');
  if (port !== undefined && port >= 0) containers[0]!.ports = [{ containerPort: port }];
  const metadata: KubeObject['metadata'] = { name, labels };
  if (namespaceExplicit) metadata.namespace = namespace;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      replicas: flagInt(p, 'replicas') ?? 1,
      selector: { matchLabels: labels },
      strategy: {},
      template: { metadata: { labels }, spec: { containers } },
    },
    status: {},
  };
}
