// `-o go-template=...` on get, apply and create --dry-run=client, with the errors kubectl v1.31.9
// prints (each expected text was printed by kubectl.1.31, offline for create --dry-run=client).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
c.sim.runUntil(c.sim.now + 3_000);
const run = (line: string): [string, string] => {
  const o = c.run(line);
  return [o.stdout, o.stderr];
};

describe('kubectl -o go-template', () => {
  it('runs the template on what create --dry-run=client built', () => {
    expect(run(`kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o go-template='{{.spec.replicas}}|{{.metadata.name}}{{"\\n"}}'`)).toEqual(['3|web\n', '']);
    expect(run(`kubectl create deployment web --image=nginx --dry-run=client -o template='{{.kind}}'`)).toEqual(['Deployment', '']);
    expect(run(`kubectl create deployment web --image=nginx --dry-run=client -o go-template='{{.metadata.creationTimestamp}}'`)).toEqual(['<no value>', '']);
  });

  it('says when the template is missing or does not parse', () => {
    expect(run('kubectl create deployment web --image=nginx --dry-run=client -o go-template')).toEqual(['', 'error: template format specified but no template given\n']);
    expect(run('kubectl get pods -o go-template=')).toEqual(['', 'error: template format specified but no template given\n']);
    expect(run(`kubectl get pods -o go-template='{{.metadata.name'`)).toEqual(['', 'error: error parsing template {{.metadata.name, template: output:1: unclosed action\n']);
  });

  it('gives get a List to range over, and apply the object it wrote', () => {
    expect(run(`kubectl get nodes -o go-template='{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}'`)).toEqual(['control-plane\nworker-1\n', '']);
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gt\ndata:\n  a: "1"\n';
    expect(c.run(`kubectl apply -f - -o go-template='{{.metadata.name}} {{.data.a}} {{.metadata.resourceVersion | printf "%s" | len | lt 0}}'`, { stdin: cm }).stdout).toBe('gt 1 true');
    expect(c.run(`kubectl apply -f - --dry-run=client -o go-template='{{.kind}}'`, { stdin: cm }).stdout).toBe('ConfigMap');
    expect(c.run('kubectl apply -f - -o wide', { stdin: cm }).stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
  });
});
