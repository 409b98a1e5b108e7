// Builders shared by the authorization tests.
import type { RequestAttributes } from './index';

export function req(username: string, groups: string[], verb: string, resource: string, opts: Partial<RequestAttributes> = {}): RequestAttributes {
  const [res, sub = ''] = resource.split('/');
  return {
    user: { username, groups },
    verb,
    resourceRequest: true,
    apiGroup: '',
    resource: res!,
    subresource: sub,
    namespace: '',
    name: '',
    path: '',
    ...opts,
  };
}

export function pathReq(username: string, groups: string[], verb: string, path: string): RequestAttributes {
  return { user: { username, groups }, verb, resourceRequest: false, apiGroup: '', resource: '', subresource: '', namespace: '', name: '', path };
}
