// CONTRACT (owned by the api helper): the scheme's defaulting (SetDefaults_Pod, SetDefaults_Container,
// ...) applied by the apiserver after decoding. Returns a new object; never mutates the input.

import type { ResourceInfo } from './resources';
import type { KubeObject } from './types';

export function applyDefaults(_info: ResourceInfo, obj: KubeObject): KubeObject {
  return obj;
}
