// What a learner does for each "do this" step of the lessons (by lesson, then step id, in order):
// the command the step shows, typed into the terminal; the graph menu's action; or letting time run.
// src/worker/lessons.test.ts plays them; the e2e test types the same commands.

export type LearnerAction =
  | { run: string; after?: number }
  | { kill: string; after?: number }
  | { wait: number };

export const LESSON_ACTIONS: Record<string, Record<string, LearnerAction[]>> = {
  '1-containers': {
    'crictl-ps': [{ run: 'ssh worker-1 -- crictl ps' }],
    ps: [{ run: "ssh worker-1 -- ps -ef | grep 'sleep 3600'" }],
    namespaces: [{ run: 'ssh worker-1 -- crictl inspect 5b7d2b8189554' }],
    cgroups: [{ run: 'ssh worker-1 -- cat /sys/fs/cgroup/kubepods.slice/kubepods-podacb7c0bd_3454_488e_b3dc_ed0e3ffbc3a0.slice/cri-containerd-5b7d2b8189554fcefbb3b4373dcabf84ab420485d9bcd392acb0553ba7736c38.scope/memory.max' }],
    'kill-process': [{ run: 'ssh worker-1 -- kill -9 3402', after: 10_000 }],
    declare: [{ run: 'kubectl create deployment web --image=nginx:1.25 --replicas=3', after: 30_000 }],
    where: [{ run: 'kubectl get pods -o wide' }],
    'power-off': [{ kill: 'node/worker-2', after: 1_000 }],
    'not-ready': [{ wait: 60_000 }],
    moved: [{ wait: 320_000 }],
  },
};
