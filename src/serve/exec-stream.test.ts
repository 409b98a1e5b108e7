// The exec stream's framing for real kubectl (k8s.io/apimachinery/pkg/util/httpstream/wsstream
// and remotecommand v4/v5: one channel byte, then the data; the error channel carries a
// metav1.Status as JSON) and PodExecOptions read from a URL with a repeated `command`.

import { describe, expect, it } from 'vitest';
import { decodeCommand, EXEC_SUCCESS, execExitStatus } from '../sim/api/exec-options';
import { execFrames, execQuery, isExecPath, pickSubprotocol } from './exec-stream';

describe('the exec stream kubeplay serve writes', () => {
  it('frames stdout on channel 1, stderr on 2 and the Status on 3, in that order', () => {
    const frames = execFrames({ kind: 'ExecStream', stdout: 'a\n', stderr: 'b\n', status: execExitStatus(['sh', '-c', 'exit 3'], 3) });
    expect(frames.map((f) => f[0])).toEqual([1, 2, 3]);
    expect(frames[0]!.subarray(1).toString()).toBe('a\n');
    expect(JSON.parse(frames[2]!.subarray(1).toString())).toMatchObject({ status: 'Failure', reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: '3' }] } });
  });

  it('writes only the Status when the command printed nothing', () => {
    const frames = execFrames({ kind: 'ExecStream', stdout: '', stderr: '', status: EXEC_SUCCESS });
    expect(frames.map((f) => f.toString('latin1'))).toEqual(['\x03{"metadata":{},"status":"Success"}']);
  });

  it('keeps every command word of the URL, in order', () => {
    const q = execQuery(new URL('https://x/api/v1/namespaces/default/pods/web/exec?command=sh&command=-c&command=echo+%22a+b%22&container=nginx&stdout=true'));
    expect(decodeCommand(q)).toEqual(['sh', '-c', 'echo "a b"']);
    expect(q.container).toBe('nginx');
  });

  it('speaks v5 first, v4 otherwise, and nothing else; only on pods/<name>/exec', () => {
    expect(pickSubprotocol(new Set(['v4.channel.k8s.io', 'v5.channel.k8s.io']))).toBe('v5.channel.k8s.io');
    expect(pickSubprotocol(new Set(['v4.channel.k8s.io']))).toBe('v4.channel.k8s.io');
    expect(pickSubprotocol(new Set(['channel.k8s.io']))).toBe(false);
    expect(isExecPath('/api/v1/namespaces/default/pods/web/exec')).toBe(true);
    expect(isExecPath('/api/v1/namespaces/default/pods/web/log')).toBe(false);
  });
});
