// Server-side printing (apiserver/pkg/endpoints/handlers/response.go, transformResponseObject):
// when a client asks for `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`, a GET or LIST is
// answered with a meta.k8s.io/v1 Table whose columns and cells are the resource's printer's
// (pkg/printers/internalversion), every column with its priority (0: always shown, 1: with
// -o wide), each row carrying the object's metadata (PartialObjectMetadata, or the whole object
// with includeObject=Object). kubectl prints these cells as they come: the AGE it shows is
// computed here, on the cluster's clock.

import type { ResourceInfo } from '../api/resources';
import type { KubeList, KubeObject } from '../api/types';
import { columnsFor, printerFor } from './printers/tables';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: { resourceVersion?: string; continue?: string };
  columnDefinitions: TableColumnDefinition[];
  rows: { cells: string[]; object: unknown }[];
}

/** Does the Accept header ask for a Table (v1; v1beta1 is the same shape)? */
export function wantsTable(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const params = part.split(';').map((p) => p.trim());
    return params.includes('as=Table') && params.includes('g=meta.k8s.io');
  });
}

/** The object a row carries: its metadata only unless the client asked for the object. */
function rowObject(o: KubeObject, include: string | undefined): unknown {
  if (include === 'Object') return o;
  if (include === 'None') return undefined;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata };
}

const DESCRIPTIONS: Record<string, string> = {
  Name: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  Age: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
};

export function toTable(info: ResourceInfo, items: KubeObject[], now: number, resourceVersion: string | undefined, includeObject: string | undefined): Table {
  const printer = printerFor(info.resource);
  const all = columnsFor(printer, info.resource, true);
  const always = new Set(columnsFor(printer, info.resource, false));
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: resourceVersion !== undefined ? { resourceVersion } : {},
    columnDefinitions: all.map((name) => ({
      name,
      type: 'string',
      format: name === 'Name' ? 'name' : '',
      description: DESCRIPTIONS[name] ?? '',
      priority: always.has(name) ? 0 : 1,
    })),
    rows: items.map((o) => ({ cells: printer.row(o, now, true), object: rowObject(o, includeObject) })),
  };
}

/** A GET's object or a LIST, as a Table when asked for one. */
export function maybeTable(info: ResourceInfo, body: KubeObject | KubeList, accept: string | undefined, includeObject: string | undefined, now: number): unknown {
  if (!wantsTable(accept)) return body;
  if ('items' in body && Array.isArray(body.items)) return toTable(info, body.items, now, body.metadata?.resourceVersion, includeObject);
  return toTable(info, [body as KubeObject], now, (body as KubeObject).metadata?.resourceVersion, includeObject);
}
