// "Check my fix": the incident's `fixed` expectations are run as commands typed at the terminal
// would be (so they show there, and a shared run replays them), and their outputs are compared as
// the scenario runner compares an expect step's (protocol/incident.ts meetsCheck). The clock must run
// for the commands to answer, so a paused simulation is set playing.

import { useEffect } from 'react';
import { meetsCheck, type IncidentCheckSpec } from '../../protocol/incident';
import { useSimStore, useUiStore } from '../store/app-store';
import { nextRequestId } from '../terminal/terminal-output';
import { useIncidentStore, type FixState } from './incident-store';

/** The command line a check runs: node tools go through ssh, as the terminal types them. */
export function checkLine(spec: IncidentCheckSpec): string {
  return spec.on ? `ssh ${spec.on} -- ${spec.run}` : spec.run;
}

/** The verdict once every check command has answered; undefined while one is still running. */
export function judgeFix(fixed: readonly IncidentCheckSpec[], answers: ({ stdout: string; stderr: string; exitCode: number | null } | undefined)[]): FixState | undefined {
  if (answers.some((a) => !a)) return undefined;
  const failing = fixed.filter((spec, i) => !meetsCheck(spec, answers[i]!)).map(checkLine);
  return failing.length === 0 ? { kind: 'passed' } : { kind: 'failed', failing };
}

export function useFixCheck(name: string, fixed: readonly IncidentCheckSpec[] | undefined, state: FixState): () => void {
  const outputs = useSimStore((s) => s.outputs);
  const update = useIncidentStore((s) => s.update);
  useEffect(() => {
    if (state.kind !== 'checking' || !fixed) return;
    const verdict = judgeFix(
      fixed,
      state.ids.map((id) => outputs.find((o) => o.requestId === id && !o.partial)),
    );
    if (verdict) update(name, { fix: verdict });
  }, [name, state, outputs, fixed, update]);
  return () => {
    if (!fixed || state.kind === 'checking') return;
    const { send } = useUiStore.getState();
    const ids = fixed.map((spec) => {
      const requestId = nextRequestId();
      send({ type: 'exec', requestId, line: checkLine(spec), ...(spec.stdin !== undefined && { stdin: spec.stdin }) });
      return requestId;
    });
    if (!useSimStore.getState().clock.playing) send({ type: 'play' });
    update(name, { fix: { kind: 'checking', ids } });
  };
}
