// `kubectl get` tables for ConfigMaps and Secrets, as pkg/printers/internalversion/printers.go
// builds them: printConfigMap (NAME, DATA as the number of data plus binaryData keys, AGE) and
// printSecret (NAME, TYPE, DATA as the number of data keys, AGE).

import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';

function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

function keys(map: unknown): number {
  return typeof map === 'object' && map !== null ? Object.keys(map).length : 0;
}

export const configMapPrinter: TablePrinter = {
  columns: ['Name', 'Data', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    return [obj.metadata.name ?? '', String(keys(obj.data) + keys(obj.binaryData)), age(obj.metadata.creationTimestamp, now)];
  },
};

export const secretPrinter: TablePrinter = {
  columns: ['Name', 'Type', 'Data', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    return [obj.metadata.name ?? '', String(obj.type ?? ''), String(keys(obj.data)), age(obj.metadata.creationTimestamp, now)];
  },
};
