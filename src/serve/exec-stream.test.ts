// The exec stream's framing for real kubectl (k8s.io/apimachinery/pkg/util/httpstream/wsstream
// and remotecommand v4/v5: one channel byte, then the data; the error channel carries a
// metav1.Status as JSON) and PodExecOptions read from a URL with a repeated `command`.

import { describe, expect, it } from 'vitest';
import type { Duplex } from 'node:stream';
import { decodeCommand, EXEC_SUCCESS, execExitStatus, type ExecStatus } from '../sim/api/exec-options';
import { execFrames, execQuery, isExecPath, pickSubprotocol, refuseUpgrade } from './exec-stream';

describe('the exec stream kubeplay serve writes', () => {
  it('frames stdout on channel 1, stderr on 2 and the Status on 3, in that order', () => {
    const frames = execFrames({ kind: 'ExecStream', stdout: 'a\n', stderr: 'b\n', status: execExitStatus(['sh', '-c', 'exit 3'], 3) });
    expect(frames.map((f) => f[0])).toEqual([1, 2, 3]);
    expect(frames[0]!.subarray(1).toString()).toBe('a\n');
    expect(JSON.parse(frames[2]!.subarray(1).toString())).toMatchObject({ status: 'Failure', reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: '3' }] } });
  });

  it('writes the error channel\'s Status through the wire JSON, in metav1.Status struct order (kubelet remotecommand v4WriteStatusFunc)', () => {
    // The simulation may build the Status in any key order; the bytes are the kubelet's.
    const status = { details: { causes: [{ message: '3', reason: 'ExitCode' }] }, reason: 'NonZeroExitCode', message: 'command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3', status: 'Failure', metadata: {} } as unknown as ExecStatus;
    const frames = execFrames({ kind: 'ExecStream', stdout: '', stderr: '', status });
    expect(frames.map((f) => f.toString('latin1'))).toEqual(['\x03{"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"3"}]}}']);
  });

  it('refuses an upgrade with the Status as the apiserver writes it (kind first, struct order)', () => {
    let written = '';
    const socket = { destroyed: false, end: (s: string) => void (written = s) } as unknown as Duplex;
    refuseUpgrade(socket, 404, { code: 404, reason: 'NotFound', message: 'pods "x" not found', status: 'Failure', metadata: {}, apiVersion: 'v1', kind: 'Status' });
    expect(written.split('\r\n\r\n')[1]).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \\"x\\" not found","reason":"NotFound","code":404}');
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
