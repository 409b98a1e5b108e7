// What a learner does for each "do this" step of the lessons (by lesson, then step id, in order):
// the command the step shows, typed into the terminal; the graph menu's action; or letting time run.
// src/worker/lessons.test.ts plays them; the e2e test types the same commands.

export type LearnerAction =
  | { run: string; after?: number }
  | { kill: string; after?: number }
  | { start: string; after?: number }
  | { wait: number }
  /** Presses `>` (the toolbar's "next phase") this many times, the clock paused. */
  | { stepPhase: number };

export const LESSON_ACTIONS: Record<string, Record<string, LearnerAction[]>> = {
  '1-containers': {
    'crictl-ps': [{ run: 'ssh worker-1 -- crictl ps' }],
    ps: [{ run: "ssh worker-1 -- ps -ef | grep 'sleep 3600'" }],
    namespaces: [{ run: 'ssh worker-1 -- crictl inspect d167d96a77633' }],
    cgroups: [{ run: 'ssh worker-1 -- cat /sys/fs/cgroup/kubepods.slice/kubepods-podcb7c0bd3_4548_48ef_8dce_d0e3ffbc3a07.slice/cri-containerd-d167d96a776337750d627674cfbf25df0d5940361eb99811aa063e3086c0142b.scope/memory.max' }],
    'kill-process': [{ run: 'ssh worker-1 -- kill -9 3405', after: 10_000 }],
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
