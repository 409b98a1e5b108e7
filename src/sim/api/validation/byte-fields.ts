// The []byte maps of the core API (Secret.data, ConfigMap.binaryData) are base64 in JSON; the
// decoder (sigs.k8s.io/json, as encoding/json) decodes them, so a value that is not standard
// base64 fails the whole request with Go's error: `Secret in version "v1" cannot be handled as a
// Secret: illegal base64 data at input byte 4`.

import { decodeBase64 } from '../base64';
import type { ResourceInfo } from '../resources';

const BYTE_MAPS: Record<string, string> = { '/Secret': 'data', '/ConfigMap': 'binaryData' };

/** The decoder's error for the first value that is not base64, or undefined. */
export function byteFieldError(info: ResourceInfo, body: Record<string, unknown>): string | undefined {
  const field = BYTE_MAPS[`${info.group}/${info.kind}`];
  if (!field) return undefined;
  const map = body[field];
  if (typeof map !== 'object' || map === null) return undefined;
  for (const value of Object.values(map)) {
    if (typeof value !== 'string') continue;
    const d = decodeBase64(value);
    if ('error' in d) return d.error;
  }
  return undefined;
}
