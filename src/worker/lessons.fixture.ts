// What a learner does for each "do this" step of the lessons (by lesson, then step id, in order):
// the command the step shows, typed into the terminal; the graph menu's action; or letting time run.
// src/worker/lessons.test.ts plays them; the e2e test types the same commands.

export type LearnerAction =
  /**
   * A command typed in the terminal. `<NAME>` in it is a value the learner read from an earlier
   * output: `read` says which (a pattern over this command's output whose first group is the value),
   * as a learner copies their own container id or PID - never a value written here.
   */
  | { run: string; after?: number; read?: Record<string, RegExp> }
  | { kill: string; after?: number }
  | { start: string; after?: number }
  | { wait: number }
  /** Presses `>` (the toolbar's "next phase") this many times, the clock paused. */
  | { stepPhase: number };

export const LESSON_ACTIONS: Record<string, Record<string, LearnerAction[]>> = {
  '1-containers': {
    // The sleeper row of `crictl ps`: CONTAINER IMAGE CREATED(3 words) STATE NAME ATTEMPT POD-ID POD.
    'crictl-ps': [{ run: 'ssh worker-1 -- crictl ps', read: { CONTAINER: /^([0-9a-f]{13})\s.*\sRunning\s+sleeper\s/m } }],
    ps: [{ run: "ssh worker-1 -- ps -ef | grep 'sleep 3600'" }],
    namespaces: [{ run: 'ssh worker-1 -- crictl inspect <CONTAINER>', read: { PID: /"pid": (\d+)/ } }],
    cgroups: [
      { run: 'ssh worker-1 -- cat /proc/<PID>/cgroup', read: { PATH: /^0::(\/\S+)$/m }, after: 1_000 },
      { run: 'ssh worker-1 -- cat /sys/fs/cgroup<PATH>/memory.max' },
    ],
    'kill-process': [{ run: 'ssh worker-1 -- kill -9 <PID>', after: 10_000 }],
    declare: [{ run: 'kubectl create deployment web --image=nginx:1.25 --replicas=3', after: 30_000 }],
    where: [{ run: 'kubectl get pods -o wide' }],
    'power-off': [{ kill: 'node/worker-2', after: 1_000 }],
    'not-ready': [{ wait: 60_000 }],
    moved: [{ wait: 320_000 }],
  },
  '2-control-plane': {
    authn: [{ run: 'kubectl config set-credentials intruder --token=not-a-real-token', after: 1_000 }, { run: 'kubectl get pods --user=intruder' }],
    authz: [{ run: 'kubectl get pods --as=jane' }],
    admission: [{ run: 'kubectl run web --image=nginx:1.25 -n shop' }],
    validation: [{ run: 'kubectl run Web_1 --image=nginx:1.25' }],
    persist: [{ run: 'kubectl run web --image=nginx:1.25' }],
    members: [{ run: 'ssh control-plane -- etcdctl endpoint status --cluster -w table' }],
    'lose-one': [{ kill: 'etcd/etcd-3', after: 2_000 }, { run: 'kubectl run one --image=nginx:1.25' }],
    'lose-two': [{ kill: 'etcd/etcd-1', after: 2_000 }, { run: 'kubectl run two --image=nginx:1.25', after: 20_000 }],
    'odd-sizes': [{ start: 'etcd/etcd-1', after: 40_000 }],
    'cm-down': [{ kill: 'kube-controller-manager', after: 1_000 }, { run: 'kubectl create deployment shop --image=nginx:1.25 --replicas=2', after: 10_000 }],
    'cm-back': [{ start: 'kube-controller-manager', after: 60_000 }],
    'sched-down': [{ kill: 'kube-scheduler', after: 1_000 }, { run: 'kubectl run lonely --image=nginx:1.25', after: 10_000 }],
    'sched-back': [{ start: 'kube-scheduler', after: 60_000 }],
    'api-down': [{ kill: 'kube-apiserver', after: 1_000 }, { run: 'kubectl get pods' }],
    'api-back': [{ start: 'kube-apiserver', after: 10_000 }],
  },
  '3-worker-node': {
    systemd: [{ run: 'ssh worker-2 -- systemctl status kubelet' }],
    'crictl-pods': [{ run: 'ssh worker-2 -- crictl pods' }],
    'crictl-images': [{ run: 'ssh worker-2 -- crictl images' }],
    'no-docker': [{ run: 'ssh worker-2 -- docker ps' }],
    'stop-kubelet': [{ run: 'ssh worker-2 -- sudo systemctl stop kubelet', after: 1_000 }],
    'not-ready': [{ wait: 60_000 }],
    evicted: [{ wait: 320_000 }],
    'start-kubelet': [{ run: 'ssh worker-2 -- sudo systemctl start kubelet', after: 20_000 }],
    rules: [{ run: 'ssh worker-1 -- iptables-save | grep default/web' }],
  },
  '4-life-of-a-request': {
    record: [{ run: 'kubectl run my-app --image=nginx:1.25', after: 0 }, { stepPhase: 2 }],
    scheduled: [{ stepPhase: 2 }],
    running: [{ stepPhase: 1 }],
    events: [{ run: 'kubectl get events --sort-by=.metadata.creationTimestamp' }],
    typo: [{ run: 'kubectl run typo --image=ngnix:1.25', after: 60_000 }],
    describe: [{ run: 'kubectl describe pod typo' }],
  },
};

/** The command line with each `<NAME>` replaced by the value the learner read earlier. */
export function fillIn(line: string, values: ReadonlyMap<string, string>): string {
  return line.replace(/<([A-Z]+)>/g, (all, name: string) => {
    const v = values.get(name);
    if (v === undefined) throw new Error(`${line}: no ${name} read from an earlier output`);
    return v;
  });
}

/** Reads the values an action names from its command's output into `values`. */
export function readValues(a: LearnerAction, output: string, values: Map<string, string>): void {
  if (!('run' in a) || !a.read) return;
  for (const [name, re] of Object.entries(a.read)) {
    const m = re.exec(output);
    if (!m?.[1]) throw new Error(`${a.run}: no ${name} in its output:\n${output}`);
    values.set(name, m[1]);
  }
}
