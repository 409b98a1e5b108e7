// Branded units and ids. Mixing a node name with a pod name, or milliseconds with seconds, is a bug
// the type checker should catch.

export type Millis = number & { readonly __unit: 'ms' };
export const ms = (n: number): Millis => n as Millis;
export const seconds = (n: number): Millis => (n * 1000) as Millis;

/** A process is named the way an operator names it: `kube-apiserver`, `kubelet/worker-1`, `etcd/etcd-1`. */
export type ProcessId = string;
export type HostName = string;
/** Every message and timer firing is a trace record; its id is also the message id. */
export type RecordId = number;
export type MessageId = RecordId;
export type TimerId = number;
