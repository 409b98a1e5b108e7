// NamespaceLifecycle (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go): no
// content in a namespace that does not exist (404 `namespaces "foo" not found`), no new content in a
// namespace that is being deleted (403 `unable to create new content in namespace foo because it is
// being terminated`), and the system namespaces can never be deleted.

import { notFound } from '../../api/errors';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { admissionForbidden } from './plugin';

export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

function admit({ attrs, object, lookups }: PluginInput) {
  if (attrs.info.group === '' && attrs.info.resource === 'namespaces') {
    if (attrs.operation === 'DELETE' && IMMORTAL_NAMESPACES.includes(attrs.name)) {
      return { error: admissionForbidden(attrs, object, 'this namespace may not be deleted') };
    }
    return {};
  }
  // Cluster-scoped objects live in no namespace; deleting content is always allowed (it is how a
  // terminating namespace empties).
  if (!attrs.namespace || attrs.operation === 'DELETE') return {};
  const ns = lookups.namespace(attrs.namespace);
  if (!ns) return { error: notFound({ group: '', resource: 'namespaces' }, attrs.namespace) };
  if (attrs.operation === 'CREATE' && ns.status?.phase === 'Terminating') {
    const error = admissionForbidden(attrs, object, `unable to create new content in namespace ${attrs.namespace} because it is being terminated`);
    error.details = {
      ...error.details,
      causes: [{ reason: 'NamespaceTerminating', message: `namespace ${attrs.namespace} is being terminated`, field: 'metadata.namespace' }],
    };
    return { error };
  }
  return {};
}

export const NamespaceLifecycle: AdmissionPlugin = { name: 'NamespaceLifecycle', admit };
