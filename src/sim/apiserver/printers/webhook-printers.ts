// `kubectl get` tables for admissionregistration.k8s.io/v1 webhook configurations, as kube-apiserver
// v1.31's pkg/printers/internalversion/printers.go builds them (printMutatingWebhook,
// printValidatingWebhook): the name, how many webhooks the configuration holds, its age.

import type { KubeObject } from '../../api/types';
import { age, type TablePrinter } from './tables';

export const webhookConfigurationPrinter: TablePrinter = {
  columns: ['Name', 'Webhooks', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const hooks = (obj as { webhooks?: unknown[] }).webhooks ?? [];
    return [obj.metadata.name ?? '', String(hooks.length), age(obj.metadata.creationTimestamp, now)];
  },
};
