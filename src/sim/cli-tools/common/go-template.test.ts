// Go's text/template as `kubectl -o go-template=...` runs it (k8s.io/cli-runtime/pkg/printers/
// template.go). Every expected output below is what kubectl v1.31.9 printed for
// `kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o go-template='<t>'`
// (the same Deployment object is the data here).
import { describe, expect, it } from 'vitest';
import { goTemplate, GoTemplateError } from './go-template';

const WEB = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { creationTimestamp: null, labels: { app: 'web' }, name: 'web' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    strategy: {},
    template: { metadata: { creationTimestamp: null, labels: { app: 'web' } }, spec: { containers: [{ image: 'nginx', name: 'nginx', resources: {} }] } },
  },
  status: {},
};

describe('go-template', () => {
  it.each([
    ['{{.spec.replicas}}|{{.metadata.name}}{{"\\n"}}', '3|web\n'],
    ['{{range .spec.template.spec.containers}}{{.name}}={{.image}} {{end}}', 'nginx=nginx '],
    ['{{.metadata.labels}}', 'map[app:web]'],
    ['{{.spec.template.spec.containers}}', '[map[image:nginx name:nginx resources:map[]]]'],
    ['{{.spec.nope}}', '<no value>'],
    ['{{.spec.nope.deeper}}', '<no value>'],
    ['{{if .spec.replicas}}yes{{else}}no{{end}}', 'yes'],
    ['{{index .metadata.labels "app"}}', 'web'],
    ['{{len .spec.template.spec.containers}}', '1'],
    ['{{printf "%s-%v" .metadata.name .spec.replicas}}', 'web-3'],
    ['{{.spec.strategy}}', 'map[]'],
    ['  {{- .kind -}}  !', 'Deployment!'],
    ['{{with .spec.selector}}{{.matchLabels.app}}{{end}}', 'web'],
    ['{{eq .kind "Deployment"}}', 'true'],
    ['{{.metadata.creationTimestamp}}', '<no value>'],
  ])('runs %s as kubectl does', (template, out) => {
    expect(goTemplate(template, WEB)).toBe(out);
  });

  it('prints an int64 as it is, never in exponent form', () => {
    expect(goTemplate('{{.n}}', { n: 1_000_000 })).toBe('1000000');
  });

  it('ranges over a map in key order and runs else for an empty list', () => {
    expect(goTemplate('{{range .m}}{{.}},{{end}}', { m: { b: 2, a: 1 } })).toBe('1,2,');
    expect(goTemplate('{{range .l}}x{{else}}none{{end}}', { l: [] })).toBe('none');
  });

  it('refuses what does not parse, with text/template\'s words', () => {
    expect(() => goTemplate('{{.metadata.name', WEB)).toThrow(new GoTemplateError('unclosed action'));
    expect(() => goTemplate('{{end}}', WEB)).toThrow(GoTemplateError);
    expect(() => goTemplate('{{nosuch .x}}', WEB)).toThrow(new GoTemplateError('function "nosuch" not defined'));
  });
});
