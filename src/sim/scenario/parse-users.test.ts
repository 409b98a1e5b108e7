// `spec.users` of the scenario format (issue 4, "RBAC and users"): names and optional groups, as a
// static token file lists them; hostile input gets errors with their position.
import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { formatScenarioError } from './schema';

const doc = (users: string) => `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: users}
spec:
  users:
${users}
  steps:
    - {at: 0s, run: kubectl get pods --as jane}
`;

function parse(users: string) {
  return parseScenario(doc(users), 'u.yaml');
}

describe('spec.users', () => {
  it('reaches the cluster spec with names and groups', () => {
    const r = parse('    - {name: jane, groups: [developers]}\n    - {name: bob}');
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.cluster.users).toEqual([{ name: 'jane', groups: ['developers'] }, { name: 'bob' }]);
  });

  const bad = [
    { name: 'a user needs a name', users: '    - {groups: [a]}', want: 'u.yaml:6:7: spec.users[0]: missing required field "name"' },
    { name: 'names are unique', users: '    - {name: jane}\n    - {name: jane}', want: 'u.yaml:7:14: spec.users[1].name: duplicate user "jane"' },
    { name: 'system: names are reserved for the cluster', users: '    - {name: "system:admin"}', want: 'u.yaml:6:14: spec.users[0].name: "system:admin": the system: prefix is reserved' },
    { name: 'unknown fields are refused', users: '    - {name: jane, password: x}', want: 'unknown field' },
  ];
  it.each(bad)('$name', ({ users, want }) => {
    const r = parse(users);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map(formatScenarioError).join('\n')).toContain(want);
  });
});
