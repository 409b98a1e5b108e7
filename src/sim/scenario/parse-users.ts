// `spec.users`: the people a scenario's cluster knows besides the admin, as a static token file
// (--token-auth-file) lists them: a name and optional groups. Each gets a bearer token in
// kube-apiserver and an entry in kubectl's kubeconfig; `kubectl --as <name>` impersonates the user
// (groups only from --as-group), `kubectl --user <name>` authenticates as them (with their groups).

import type { Node } from 'yaml';
import type { ScenarioUser } from './schema';
import type { Field, FieldReader } from './yaml-reader';

/** Names must not collide with the system users a cluster already has (`system:...`). */
const RESERVED_PREFIX = 'system:';

export function readUsers(r: FieldReader, f: Field, path: string): ScenarioUser[] | undefined {
  const items = r.sequence(f, path);
  if (!items) return undefined;
  const out: ScenarioUser[] = [];
  const seen = new Set<string>();
  let ok = true;
  items.forEach((item: Node, i) => {
    const p = `${path}[${i}]`;
    const fields = r.mapping(item, p, ['name', 'groups']);
    const nameField = fields && r.required(fields, 'name', item, p);
    const name = nameField ? r.string(nameField, `${p}.name`) : undefined;
    const groupsField = fields?.get('groups');
    const groups = groupsField ? r.stringList(groupsField, `${p}.groups`) : [];
    if (name === undefined || groups === undefined) {
      ok = false;
      return;
    }
    if (name === '' || name.startsWith(RESERVED_PREFIX) || seen.has(name)) {
      const why = name === '' ? 'must not be empty' : seen.has(name) ? `duplicate user "${name}"` : `"${name}": the system: prefix is reserved`;
      r.error(nameField!.pos, `${p}.name`, why);
      ok = false;
      return;
    }
    seen.add(name);
    out.push(groups.length ? { name, groups } : { name });
  });
  return ok ? out : undefined;
}
