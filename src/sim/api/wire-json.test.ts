import { describe, expect, it } from 'vitest';
import { watchLine, wireJson, wireStatusJson } from './wire-json';

// kube-apiserver's JSON is Go's encoding/json over typed structs: fields in struct order.
// apimachinery/pkg/apis/meta/v1/types.go: TypeMeta {Kind, APIVersion}; ObjectMeta {name,
// generateName, namespace, selfLink, uid, resourceVersion, generation, creationTimestamp, ...,
// labels, annotations, ownerReferences, finalizers, managedFields}; OwnerReference {apiVersion,
// kind, name, uid, controller, blockOwnerDeletion}; Status {TypeMeta, metadata, status, message,
// reason, details, code}. A typed list's items carry no TypeMeta (apimachinery unstructured.go
// decodeToList: "API server doesn't set each item's APIVersion and Kind").

describe('the apiserver wire JSON', () => {
  it('writes kind before apiVersion, then ObjectMeta in struct order', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'u', creationTimestamp: 't', labels: { a: 'b' }, resourceVersion: '2' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } };
    expect(wireJson(ns)).toBe('{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"default","uid":"u","resourceVersion":"2","creationTimestamp":"t","labels":{"a":"b"}},"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}');
  });

  it('orders owner references and managedFields entries as their structs', () => {
    const rs = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        managedFields: [{ apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: {}, manager: 'm', operation: 'Update', time: 't' }],
        ownerReferences: [{ kind: 'Deployment', name: 'web', apiVersion: 'apps/v1', uid: 'd', blockOwnerDeletion: true, controller: true }],
        name: 'web-1',
        namespace: 'default',
      },
    };
    expect(wireJson(rs)).toBe(
      '{"kind":"ReplicaSet","apiVersion":"apps/v1","metadata":{"name":"web-1","namespace":"default",' +
        '"ownerReferences":[{"apiVersion":"apps/v1","kind":"Deployment","name":"web","uid":"d","controller":true,"blockOwnerDeletion":true}],' +
        '"managedFields":[{"manager":"m","operation":"Update","apiVersion":"apps/v1","time":"t","fieldsType":"FieldsV1","fieldsV1":{}}]}}',
    );
  });

  it("drops a typed list's items' kind and apiVersion, and orders ListMeta", () => {
    const list = { apiVersion: 'v1', kind: 'PodList', metadata: { continue: 'c', resourceVersion: '9' }, items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'd', name: 'p' } }] };
    expect(wireJson(list)).toBe('{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9","continue":"c"},"items":[{"metadata":{"name":"p","namespace":"d"}}]}');
  });

  it('writes a Status in its struct order (the NotFound kube-apiserver answers)', () => {
    const st = { apiVersion: 'v1', code: 404, details: { kind: 'pods', name: 'nope' }, kind: 'Status', message: 'pods "nope" not found', metadata: {}, reason: 'NotFound', status: 'Failure' };
    expect(wireJson(st)).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \\"nope\\" not found","reason":"NotFound","details":{"name":"nope","kind":"pods"},"code":404}');
  });

  it("writes a Table's rows' objects with their TypeMeta, and a watch event as {type, object}", () => {
    const table = { apiVersion: 'meta.k8s.io/v1', kind: 'Table', metadata: { resourceVersion: '5' }, columnDefinitions: [], rows: [{ cells: ['a'], object: { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { resourceVersion: '4', name: 'a' } } }] };
    expect(wireJson(table)).toBe('{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"5"},"columnDefinitions":[],"rows":[{"cells":["a"],"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"a","resourceVersion":"4"}}}]}');
    expect(watchLine('ADDED', wireJson({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }))).toBe('{"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"}}}\n');
  });

  it("writes an exec stream's error-channel Status (no TypeMeta) and its causes in struct order", () => {
    // kubelet remotecommand v4WriteStatusFunc: json.Marshal(metav1.Status) with TypeMeta unset;
    // StatusCause {Type `json:"reason"`, Message, Field} (apimachinery meta/v1 types.go).
    const st = { code: 500, details: { causes: [{ message: 'e', reason: 'ExitCode' }] }, reason: 'InternalError', message: 'm', status: 'Failure', metadata: {} };
    expect(wireStatusJson(st)).toBe('{"metadata":{},"status":"Failure","message":"m","reason":"InternalError","details":{"causes":[{"reason":"ExitCode","message":"e"}]},"code":500}');
    expect(wireJson({ ...st, kind: 'Status', apiVersion: 'v1' })).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"m","reason":"InternalError","details":{"causes":[{"reason":"ExitCode","message":"e"}]},"code":500}');
  });
});
