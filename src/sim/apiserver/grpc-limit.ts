// The apiserver's etcd client is clientv3 with its defaults, and clientv3 refuses to send a gRPC
// message over 2 MiB (client/v3/options.go defaultMaxCallSendMsgSize): the request never leaves
// the apiserver and fails with grpc-go's `rpc error: code = ResourceExhausted desc = trying to
// send message larger than max (2500000 vs. 2097152)`. So an object of 1.5 to 2 MiB reaches etcd
// and gets etcd's own `etcdserver: request is too large`, and a bigger one (up to the 3 MiB body
// limit) gets this. The size is the request as Kubeplay measures it (etcd stores JSON here, where
// the real apiserver writes protobuf): keys, values and a few bytes of framing per field.

import type { EtcdError, EtcdRequest, RequestOp } from '../etcd/protocol';
import { jsonBytesUpTo } from './request-body';

export const MAX_CALL_SEND_MSG_SIZE = 2 * 1024 * 1024;

/** Protobuf framing of one field: a tag and a length, a few bytes. */
const FIELD_OVERHEAD_BYTES = 4;

function opBytes(op: RequestOp, limit: number): number {
  switch (op.op) {
    case 'put':
      return op.key.length + (op.valueSize ?? jsonBytesUpTo(op.value, limit)) + 3 * FIELD_OVERHEAD_BYTES;
    case 'range':
    case 'deleteRange':
      return op.key.length + (op.rangeEnd?.length ?? 0) + 3 * FIELD_OVERHEAD_BYTES;
    case 'txn': {
      let n = op.compare.reduce((sum, c) => sum + c.key.length + 4 * FIELD_OVERHEAD_BYTES, 0);
      for (const inner of [...op.success, ...op.failure]) {
        n += opBytes(inner, limit) + FIELD_OVERHEAD_BYTES;
        if (n > limit) return n;
      }
      return n;
    }
  }
}

/**
 * The request with each Put's valueSize filled in (measured once here, so the member need not
 * serialize the value again to learn it), unless it is already known.
 */
export function withValueSizes<R extends RequestOp>(op: R, limit = MAX_CALL_SEND_MSG_SIZE): R {
  if (op.op === 'put') return (op.valueSize !== undefined ? op : { ...op, valueSize: jsonBytesUpTo(op.value, limit) }) as R;
  if (op.op === 'txn') return { ...op, success: op.success.map((o) => withValueSizes(o, limit)), failure: op.failure.map((o) => withValueSizes(o, limit)) } as R;
  return op;
}

/** The size of the gRPC message for request (or a number past `limit` once it is sure to pass it). */
export function grpcMessageBytes(request: EtcdRequest, limit = MAX_CALL_SEND_MSG_SIZE): number {
  if (request.op !== 'put' && request.op !== 'txn' && request.op !== 'range' && request.op !== 'deleteRange') return 0;
  return opBytes(request, limit);
}

/** grpc-go's error for a message the client will not send, as clientv3 returns it. */
export function sendLimitError(bytes: number): EtcdError {
  return { code: 'ResourceExhausted', message: `rpc error: code = ResourceExhausted desc = trying to send message larger than max (${bytes} vs. ${MAX_CALL_SEND_MSG_SIZE})` };
}
