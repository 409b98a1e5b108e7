// Cause chains captured from real runs (`npx kubeplay run FILE --trace`, the canonical record lines
// of src/sim/kernel/trace.ts formatRecord), for the sequence model's tests. Each is the command's
// record and its descendants, as requests.ts collects them.

import type { TraceRecord, TraceStep } from '../../protocol/view';

const LINE = /^#(\d+) (-?[\d.]+)(?: ->(-?[\d.]+))? (\w+):(\S+) (\S+) -> (\S+) \[(\w+)\] (\S+) cause=(\S+) (.*?)(?: DROPPED\((\S+)\))?$/;

/** Adds to a parsed answer what kube-apiserver recorded on it besides the line: the request it answers and its stages. */
function answered(records: TraceRecord[], id: number, inReplyTo: number, steps: TraceStep[]): void {
  const r = records.find((x) => x.id === id);
  if (!r) throw new Error(`no record #${id}`);
  r.inReplyTo = inReplyTo;
  r.steps = steps;
}

/** Parses formatRecord lines back into records (objects `pod/default/web` or `node/worker-1`). */
export function parseTrace(text: string): TraceRecord[] {
  const out: TraceRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = LINE.exec(line.trim());
    if (!m) throw new Error(`not a trace line: ${line}`);
    const r: TraceRecord = {
      id: Number(m[1]),
      time: Number(m[2]) as TraceRecord['time'],
      kind: m[4] as TraceRecord['kind'],
      type: m[5]!,
      from: m[6]!,
      to: m[7]!,
      phase: m[8] as TraceRecord['phase'],
      cause: m[10] === '-' ? null : Number(m[10]),
      summary: m[11]!,
    };
    if (m[3] !== undefined) r.deliverAt = Number(m[3]) as TraceRecord['time'];
    if (m[12]) r.dropped = m[12] as TraceRecord['dropped'];
    if (m[9] !== '-') {
      const [kind, a, b] = m[9]!.split('/');
      const kindName = kind!.charAt(0).toUpperCase() + kind!.slice(1);
      r.object = b === undefined ? { kind: kindName, name: a! } : { kind: kindName, namespace: a!, name: b };
    }
    out.push(r);
  }
  return out;
}

/** `kubectl run web --image=nginx:1.25` on the default cluster (one etcd member), to Running. */
export const RUNNING_POD = parseTrace(`
#786 1000.000 ->1000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl run web --image=nginx:1.25
#787 1000.000 ->1000.682 message:http.request kubectl -> kube-apiserver [persistence] pod/default/web cause=786 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run
#788 1000.682 ->1000.771 message:etcd.request kube-apiserver -> etcd/etcd-1 [persistence] - cause=787 Txn create /registry/pods/default/web
#789 1000.771 ->1000.858 message:etcd.response etcd/etcd-1 -> kube-apiserver [persistence] - cause=788 Txn succeeded rev 133
#790 1000.771 ->1000.858 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=788 PUT /registry/pods/default/web rev 133
#791 1000.858 ->1001.633 message:http.response kube-apiserver -> kubectl [persistence] pod/default/web cause=789 201 Created pod/web
#792 1000.858 ->1000.913 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=790 ADDED pod/default/web rv=133
#793 1000.858 ->1000.956 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=790 ADDED pod/default/web rv=133
#794 1000.913 timer:scheduleOne kube-scheduler -> kube-scheduler [watch] - cause=792 timer scheduleOne
#795 1000.913 ->1000.978 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/web cause=792 POST /api/v1/namespaces/default/pods/web/binding (worker-1)
#796 1000.956 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=793 timer controller.worker
#797 1000.978 ->1001.062 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=795 Txn update /registry/pods/default/web
#798 1001.062 ->1001.157 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=797 Txn succeeded rev 134
#799 1001.062 ->1001.157 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=797 PUT /registry/pods/default/web rev 134
#800 1001.157 ->1001.211 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/web cause=798 201 Created pod/web/binding
#801 1001.157 ->1001.233 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=799 MODIFIED pod/default/web rv=134
#802 1001.157 ->1001.240 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=799 MODIFIED pod/default/web rv=134
#803 1001.157 ->1001.977 message:watch.event kube-apiserver -> kubelet/worker-1 [watch] pod/default/web cause=799 ADDED pod/default/web rv=134
#804 1001.211 ->1001.274 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/web cause=800 POST /api/v1/namespaces/default/events (Scheduled)
#805 1001.240 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=802 timer controller.worker
#806 1001.274 ->1001.371 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=804 Txn create /registry/events/default/web.17eb3e22a9fee478
#807 1001.371 ->1001.429 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=806 Txn succeeded rev 135
#808 1001.371 ->1001.459 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=806 PUT /registry/events/default/web.17eb3e22a9fee478 rev 135
#809 1001.429 ->1001.483 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/web cause=807 201 Created event/web.17eb3e22a9fee478
#810 1001.977 ->1002.634 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=803 PATCH pods/web/status (Pending)
#811 1001.977 ->1002.057 message:cri.request kubelet/worker-1 -> containerd/worker-1 [execution] pod/default/web cause=803 RunPodSandbox web
#812 1002.057 ->1002.126 message:cni.add containerd/worker-1 -> cni/worker-1 [networking] pod/default/web cause=811 CNI ADD web
#813 1002.126 ->1002.177 message:cni.response cni/worker-1 -> containerd/worker-1 [networking] pod/default/web cause=812 CNI ADD web -> 10.244.1.2
#814 1002.634 ->1002.688 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=810 Txn update /registry/pods/default/web
#815 1002.688 ->1002.763 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=814 Txn succeeded rev 136
#816 1002.688 ->1002.771 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=814 PUT /registry/pods/default/web rev 136
#817 1002.763 ->1003.328 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=815 200 OK pod/web
#818 1002.771 ->1002.868 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=816 MODIFIED pod/default/web rv=136
#819 1002.771 ->1002.869 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=816 MODIFIED pod/default/web rv=136
#820 1002.771 ->1003.328 message:watch.event kube-apiserver -> kubelet/worker-1 [watch] pod/default/web cause=816 MODIFIED pod/default/web rv=136
#821 1352.177 timer:cri.answer containerd/worker-1 -> containerd/worker-1 [networking] - cause=811 timer cri.answer
#822 1352.177 ->1352.260 message:cri.response containerd/worker-1 -> kubelet/worker-1 [execution] pod/default/web cause=811 RunPodSandbox web: ready, IP 10.244.1.2
#823 1352.260 ->1353.158 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=822 PATCH pods/web/status (Pending)
#824 1352.260 ->1352.328 message:cri.request kubelet/worker-1 -> containerd/worker-1 [execution] pod/default/web cause=822 ImageStatus nginx:1.25
#825 1352.328 ->1352.400 message:cri.response containerd/worker-1 -> kubelet/worker-1 [execution] pod/default/web cause=824 ImageStatus nginx:1.25: absent
#826 1352.400 ->1353.178 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=825 POST event Pulling: Pulling image "nginx:1.25"
#827 1352.400 ->1352.454 message:cri.request kubelet/worker-1 -> containerd/worker-1 [execution] pod/default/web cause=825 PullImage nginx:1.25
#828 1352.454 ->1368.313 message:registry.resolve containerd/worker-1 -> registry [execution] - cause=827 GET manifest docker.io/library/nginx:1.25
#829 1353.158 ->1353.234 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=823 Txn update /registry/pods/default/web
#830 1353.178 ->1353.271 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=826 Txn create /registry/events/default/web.17eb3e22beed9c86
#831 1353.234 ->1353.329 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=829 Txn succeeded rev 137
#832 1353.234 ->1353.329 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=829 PUT /registry/pods/default/web rev 137
#833 1353.271 ->1353.365 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=830 Txn succeeded rev 138
#834 1353.271 ->1353.365 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=830 PUT /registry/events/default/web.17eb3e22beed9c86 rev 138
#835 1353.329 ->1354.143 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=831 200 OK pod/web
#836 1353.329 ->1353.413 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=832 MODIFIED pod/default/web rv=137
#837 1353.329 ->1353.421 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=832 MODIFIED pod/default/web rv=137
#838 1353.329 ->1354.314 message:watch.event kube-apiserver -> kubelet/worker-1 [watch] pod/default/web cause=832 MODIFIED pod/default/web rv=137
#839 1353.365 ->1354.314 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=833 201 Created event/web.17eb3e22beed9c86
#840 1368.313 ->1384.024 message:registry.response registry -> containerd/worker-1 [execution] - cause=828 200 manifest sha256:e612b431cafb (docker.io/library/nginx:1.25)
#853 3944.024 timer:image.pull.done containerd/worker-1 -> containerd/worker-1 [execution] - cause=840 timer image.pull.done
#854 3944.024 ->3944.119 message:cri.response containerd/worker-1 -> kubelet/worker-1 [execution] pod/default/web cause=827 PullImage docker.io/library/nginx:1.25: pulled 67120000 bytes
#855 3944.119 ->3944.712 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=854 POST event Pulled: Successfully pulled image "nginx:1.25" in 2.591s (2.591s ...
#856 3944.119 ->3944.171 message:cri.request kubelet/worker-1 -> containerd/worker-1 [execution] pod/default/web cause=854 CreateContainer web
#857 3944.712 ->3944.772 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=855 Txn create /registry/events/default/web.17eb3e2359681adf
#858 3944.772 ->3944.830 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=857 Txn succeeded rev 141
#859 3944.772 ->3944.847 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=857 PUT /registry/events/default/web.17eb3e2359681adf rev 141
#860 3944.830 ->3945.375 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=858 201 Created event/web.17eb3e2359681adf
#873 4004.171 timer:cri.answer containerd/worker-1 -> containerd/worker-1 [execution] - cause=856 timer cri.answer
#874 4004.171 ->4004.230 message:cri.response containerd/worker-1 -> kubelet/worker-1 [execution] pod/default/web cause=856 CreateContainer web: a0fd55f11e9f5
#875 4004.230 ->4004.765 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=874 POST event Created: Created container web
#876 4004.230 ->4004.319 message:cri.request kubelet/worker-1 -> containerd/worker-1 [execution] pod/default/web cause=874 StartContainer web
#877 4004.765 ->4004.837 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=875 Txn create /registry/events/default/web.17eb3e235cfd5378
#878 4004.837 ->4004.924 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=877 Txn succeeded rev 144
#879 4004.837 ->4004.924 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=877 PUT /registry/events/default/web.17eb3e235cfd5378 rev 144
#880 4004.924 ->4005.883 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=878 201 Created event/web.17eb3e235cfd5378
#881 4124.319 timer:cri.answer containerd/worker-1 -> containerd/worker-1 [execution] - cause=876 timer cri.answer
#882 4124.319 ->4124.375 message:cri.response containerd/worker-1 -> kubelet/worker-1 [execution] pod/default/web cause=876 StartContainer web: OK
#883 4124.375 ->4125.246 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=882 POST event Started: Started container web
#884 4124.375 ->4125.246 message:http.request kubelet/worker-1 -> kube-apiserver [execution] pod/default/web cause=882 PATCH pods/web/status (Running)
#885 4125.246 ->4125.321 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=883 Txn create /registry/events/default/web.17eb3e23642697e1
#886 4125.246 ->4125.342 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=884 Txn update /registry/pods/default/web
#887 4125.321 ->4125.404 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=885 Txn succeeded rev 145
#888 4125.321 ->4125.408 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=885 PUT /registry/events/default/web.17eb3e23642697e1 rev 145
#889 4125.342 ->4125.408 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=886 Txn succeeded rev 146
#890 4125.342 ->4125.437 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=886 PUT /registry/pods/default/web rev 146
#891 4125.404 ->4126.231 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=887 201 Created event/web.17eb3e23642697e1
#892 4125.408 ->4126.231 message:http.response kube-apiserver -> kubelet/worker-1 [execution] pod/default/web cause=889 200 OK pod/web
#893 4125.437 ->4125.518 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=890 MODIFIED pod/default/web rv=146
#894 4125.437 ->4125.496 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=890 MODIFIED pod/default/web rv=146
#895 4125.437 ->4126.250 message:watch.event kube-apiserver -> kubelet/worker-1 [watch] pod/default/web cause=890 MODIFIED pod/default/web rv=146
`);

/** `kubectl apply -f -` of a pod that requests cpu: 64: no node fits (the scheduler's first attempt). */
export const UNSCHEDULABLE_POD = parseTrace(`
#786 1000.000 ->1000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl apply -f -
#787 1000.000 ->1000.682 message:http.request kubectl -> kube-apiserver [user] pod/default/big cause=786 GET /api/v1/namespaces/default/pods/big
#788 1000.682 ->1000.747 message:etcd.request kube-apiserver -> etcd/etcd-1 [user] - cause=787 Range /registry/pods/default/big
#789 1000.747 ->1000.839 message:etcd.response etcd/etcd-1 -> kube-apiserver [user] - cause=788 0 keys rev 132
#790 1000.839 ->1001.466 message:http.response kube-apiserver -> kubectl [user] pod/default/big cause=789 404 NotFound: pods "big" not found
#791 1001.466 ->1002.203 message:http.request kubectl -> kube-apiserver [persistence] pod/default/big cause=790 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict
#792 1002.203 ->1002.258 message:etcd.request kube-apiserver -> etcd/etcd-1 [persistence] - cause=791 Txn create /registry/pods/default/big
#793 1002.258 ->1002.356 message:etcd.response etcd/etcd-1 -> kube-apiserver [persistence] - cause=792 Txn succeeded rev 133
#794 1002.258 ->1002.356 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=792 PUT /registry/pods/default/big rev 133
#795 1002.356 ->1002.887 message:http.response kube-apiserver -> kubectl [persistence] pod/default/big cause=793 201 Created pod/big
#796 1002.356 ->1002.421 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/big cause=794 ADDED pod/default/big rv=133
#797 1002.356 ->1002.440 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/big cause=794 ADDED pod/default/big rv=133
#798 1002.421 timer:scheduleOne kube-scheduler -> kube-scheduler [watch] - cause=796 timer scheduleOne
#799 1002.421 ->1002.516 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/big cause=796 POST /api/v1/namespaces/default/events (FailedScheduling)
#800 1002.421 ->1002.516 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/big cause=796 PATCH /api/v1/namespaces/default/pods/big/status
#801 1002.440 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=797 timer controller.worker
#802 1002.516 ->1002.568 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=799 Txn create /registry/events/default/big.17eb3e22aa115b08
#803 1002.516 ->1002.584 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=800 Txn update /registry/pods/default/big
#804 1002.568 ->1002.631 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=802 Txn succeeded rev 134
#805 1002.568 ->1002.636 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=802 PUT /registry/events/default/big.17eb3e22aa115b08 rev 134
#806 1002.584 ->1002.653 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=803 Txn succeeded rev 135
#807 1002.584 ->1002.681 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=803 PUT /registry/pods/default/big rev 135
#808 1002.631 ->1002.689 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/big cause=804 201 Created event/big.17eb3e22aa115b08
#809 1002.653 ->1002.741 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/big cause=806 200 OK pod/big
#810 1002.681 ->1002.741 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/big cause=807 MODIFIED pod/default/big rv=135
#811 1002.681 ->1002.747 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/big cause=807 MODIFIED pod/default/big rv=135
`);

/** `kubectl run typo --image=nginx:1.999`: scheduled, then the pull fails (first 60 records). */
export const IMAGE_TYPO_POD = parseTrace(`
#959 20000.000 ->20000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl run typo --image=nginx:1.999
#960 20000.000 ->20000.710 message:http.request kubectl -> kube-apiserver [persistence] pod/default/typo cause=959 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run
#968 20000.710 ->20000.791 message:etcd.request kube-apiserver -> etcd/etcd-1 [persistence] - cause=960 Txn create /registry/pods/default/typo
#972 20000.791 ->20000.863 message:etcd.response etcd/etcd-1 -> kube-apiserver [persistence] - cause=968 Txn succeeded rev 159
#973 20000.791 ->20000.878 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=968 PUT /registry/pods/default/typo rev 159
#975 20000.863 ->20001.822 message:http.response kube-apiserver -> kubectl [persistence] pod/default/typo cause=972 201 Created pod/typo
#976 20000.878 ->20000.934 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/typo cause=973 ADDED pod/default/typo rv=159
#977 20000.878 ->20000.965 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/typo cause=973 ADDED pod/default/typo rv=159
#978 20000.934 timer:scheduleOne kube-scheduler -> kube-scheduler [watch] - cause=976 timer scheduleOne
#979 20000.934 ->20001.019 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/typo cause=976 POST /api/v1/namespaces/default/pods/typo/binding (worker-3)
#980 20000.965 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=977 timer controller.worker
#981 20001.019 ->20001.072 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=979 Txn update /registry/pods/default/typo
#984 20001.072 ->20001.138 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=981 Txn succeeded rev 160
#985 20001.072 ->20001.151 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=981 PUT /registry/pods/default/typo rev 160
#986 20001.138 ->20001.218 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/typo cause=984 201 Created pod/typo/binding
#987 20001.151 ->20001.218 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/typo cause=985 MODIFIED pod/default/typo rv=160
#988 20001.151 ->20001.244 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/typo cause=985 MODIFIED pod/default/typo rv=160
#989 20001.151 ->20001.955 message:watch.event kube-apiserver -> kubelet/worker-3 [watch] pod/default/typo cause=985 ADDED pod/default/typo rv=160
#990 20001.218 ->20001.293 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/typo cause=986 POST /api/v1/namespaces/default/events (Scheduled)
#991 20001.244 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=988 timer controller.worker
#993 20001.293 ->20001.374 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=990 Txn create /registry/events/default/typo.17eb3e27167bfdd1
#995 20001.374 ->20001.473 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=993 Txn succeeded rev 161
#996 20001.374 ->20001.473 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=993 PUT /registry/events/default/typo.17eb3e27167bfdd1 rev 161
#998 20001.473 ->20001.554 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/typo cause=995 201 Created event/typo.17eb3e27167bfdd1
#1008 20001.955 ->20002.559 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=989 PATCH pods/typo/status (Pending)
#1009 20001.955 ->20002.054 message:cri.request kubelet/worker-3 -> containerd/worker-3 [execution] pod/default/typo cause=989 RunPodSandbox typo
#1010 20002.054 ->20002.147 message:cni.add containerd/worker-3 -> cni/worker-3 [networking] pod/default/typo cause=1009 CNI ADD typo
#1011 20002.147 ->20002.231 message:cni.response cni/worker-3 -> containerd/worker-3 [networking] pod/default/typo cause=1010 CNI ADD typo -> 10.244.3.2
#1022 20002.559 ->20002.637 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=1008 Txn update /registry/pods/default/typo
#1024 20002.637 ->20002.717 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=1022 Txn succeeded rev 164
#1025 20002.637 ->20002.717 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=1022 PUT /registry/pods/default/typo rev 164
#1028 20002.717 ->20003.433 message:http.response kube-apiserver -> kubelet/worker-3 [execution] pod/default/typo cause=1024 200 OK pod/typo
#1029 20002.717 ->20002.802 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/typo cause=1025 MODIFIED pod/default/typo rv=164
#1030 20002.717 ->20002.776 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/typo cause=1025 MODIFIED pod/default/typo rv=164
#1031 20002.717 ->20003.635 message:watch.event kube-apiserver -> kubelet/worker-3 [watch] pod/default/typo cause=1025 MODIFIED pod/default/typo rv=164
#1046 20352.231 timer:cri.answer containerd/worker-3 -> containerd/worker-3 [networking] - cause=1009 timer cri.answer
#1047 20352.231 ->20352.318 message:cri.response containerd/worker-3 -> kubelet/worker-3 [execution] pod/default/typo cause=1009 RunPodSandbox typo: ready, IP 10.244.3.2
#1048 20352.318 ->20353.306 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=1047 PATCH pods/typo/status (Pending)
#1049 20352.318 ->20352.414 message:cri.request kubelet/worker-3 -> containerd/worker-3 [execution] pod/default/typo cause=1047 ImageStatus nginx:1.999
#1050 20352.414 ->20352.504 message:cri.response containerd/worker-3 -> kubelet/worker-3 [execution] pod/default/typo cause=1049 ImageStatus nginx:1.999: absent
#1051 20352.504 ->20353.306 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=1050 POST event Pulling: Pulling image "nginx:1.999"
#1052 20352.504 ->20352.555 message:cri.request kubelet/worker-3 -> containerd/worker-3 [execution] pod/default/typo cause=1050 PullImage nginx:1.999
#1053 20352.555 ->20368.360 message:registry.resolve containerd/worker-3 -> registry [execution] - cause=1052 GET manifest docker.io/library/nginx:1.999
#1054 20353.306 ->20353.385 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=1048 Txn update /registry/pods/default/typo
#1055 20353.306 ->20353.395 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=1051 Txn create /registry/events/default/typo.17eb3e272b6c30c6
#1056 20353.385 ->20353.473 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=1054 Txn succeeded rev 168
#1057 20353.385 ->20353.473 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=1054 PUT /registry/pods/default/typo rev 168
#1058 20353.395 ->20353.486 message:etcd.response etcd/etcd-1 -> kube-apiserver [execution] - cause=1055 Txn succeeded rev 169
#1059 20353.395 ->20353.486 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=1055 PUT /registry/events/default/typo.17eb3e272b6c30c6 rev 169
#1060 20353.473 ->20354.119 message:http.response kube-apiserver -> kubelet/worker-3 [execution] pod/default/typo cause=1056 200 OK pod/typo
#1061 20353.473 ->20353.552 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/typo cause=1057 MODIFIED pod/default/typo rv=168
#1062 20353.473 ->20353.538 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/typo cause=1057 MODIFIED pod/default/typo rv=168
#1063 20353.473 ->20354.423 message:watch.event kube-apiserver -> kubelet/worker-3 [watch] pod/default/typo cause=1057 MODIFIED pod/default/typo rv=168
#1064 20353.486 ->20354.423 message:http.response kube-apiserver -> kubelet/worker-3 [execution] pod/default/typo cause=1058 201 Created event/typo.17eb3e272b6c30c6
#1065 20368.360 ->20384.006 message:registry.response registry -> containerd/worker-3 [execution] - cause=1053 404 manifest unknown (docker.io/library/nginx:1.999)
#1066 20384.006 ->20384.097 message:cri.response containerd/worker-3 -> kubelet/worker-3 [execution] pod/default/typo cause=1052 PullImage docker.io/library/nginx:1.999: not found
#1067 20384.097 ->20384.799 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=1066 POST event Failed: Failed to pull image "nginx:1.999": rpc error: code = Not...
#1068 20384.097 ->20385.039 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=1066 POST event Failed: Error: ErrImagePull
#1069 20384.097 ->20385.065 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/typo cause=1066 PATCH pods/typo/status (Pending, ErrImagePull)
#1070 20384.799 ->20384.864 message:etcd.request kube-apiserver -> etcd/etcd-1 [execution] - cause=1067 Txn create /registry/events/default/typo.17eb3e272d4e42ef
`);

/** `kubectl run x --image=nginx:1.25 --as jane` where jane has no Role in default: 403 from RBAC. */
export const FORBIDDEN = parseTrace(`
#1565 60000.000 ->60000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl run x --image=nginx:1.25 --as jane
#1566 60000.000 ->60000.779 message:http.request kubectl -> kube-apiserver [persistence] pod/default/x cause=1565 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run
#1575 60000.779 ->60001.707 message:http.response kube-apiserver -> kubectl [persistence] pod/default/x cause=1566 403 Forbidden: pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"
`);
// The trace lines do not carry what the apiserver recorded on its answer (TraceRecord.steps and
// inReplyTo); these are the ones it records for this request (src/sim/apiserver/pipeline-steps.test.ts).
answered(FORBIDDEN, 1575, 1566, [
  { stage: 'Authentication', result: 'passed', text: 'admin' },
  { stage: 'Impersonation', result: 'passed', text: 'as jane' },
  { stage: 'Authorization', result: 'failed', text: '403' },
]);

/** `kubectl run web` with three etcd members: the leader replicates each write (first 40 records). */
export const THREE_MEMBER_WRITE = parseTrace(`
#2774 3000.000 ->3000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl run web --image=nginx:1.25
#2775 3000.000 ->3000.783 message:http.request kubectl -> kube-apiserver [persistence] pod/default/web cause=2774 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run
#2777 3000.783 ->3001.710 message:etcd.request kube-apiserver -> etcd/etcd-1 [persistence] - cause=2775 Txn create /registry/pods/default/web
#2779 3001.710 ->3002.573 message:raft.message etcd/etcd-1 -> etcd/etcd-2 [raft] - cause=2777 MsgApp term 1 index 133 +1 entry commit 133
#2780 3001.710 ->3002.530 message:raft.message etcd/etcd-1 -> etcd/etcd-3 [raft] - cause=2777 MsgApp term 1 index 133 +1 entry commit 133
#2782 3002.530 ->3003.509 message:raft.message etcd/etcd-3 -> etcd/etcd-1 [raft] - cause=2780 MsgAppResp term 1 index 134
#2784 3002.573 ->3003.372 message:raft.message etcd/etcd-2 -> etcd/etcd-1 [raft] - cause=2779 MsgAppResp term 1 index 134
#2785 3003.372 ->3004.252 message:raft.message etcd/etcd-1 -> etcd/etcd-2 [raft] - cause=2784 MsgApp term 1 index 134 +0 entries commit 134
#2786 3003.372 ->3004.005 message:raft.message etcd/etcd-1 -> etcd/etcd-3 [raft] - cause=2784 MsgApp term 1 index 134 +0 entries commit 134
#2787 3003.372 ->3004.262 message:etcd.response etcd/etcd-1 -> kube-apiserver [persistence] - cause=2784 Txn succeeded rev 133
#2788 3003.372 ->3004.262 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=2784 PUT /registry/pods/default/web rev 133
#2789 3004.005 ->3004.922 message:raft.message etcd/etcd-3 -> etcd/etcd-1 [raft] - cause=2786 MsgAppResp term 1 index 134
#2790 3004.252 ->3005.244 message:raft.message etcd/etcd-2 -> etcd/etcd-1 [raft] - cause=2785 MsgAppResp term 1 index 134
#2791 3004.262 ->3005.106 message:http.response kube-apiserver -> kubectl [persistence] pod/default/web cause=2787 201 Created pod/web
#2792 3004.262 ->3004.326 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=2788 ADDED pod/default/web rv=133
#2793 3004.262 ->3004.343 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=2788 ADDED pod/default/web rv=133
#2794 3004.326 timer:scheduleOne kube-scheduler -> kube-scheduler [watch] - cause=2792 timer scheduleOne
#2795 3004.326 ->3004.402 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/web cause=2792 POST /api/v1/namespaces/default/pods/web/binding (worker-3)
#2796 3004.343 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=2793 timer controller.worker
#2797 3004.402 ->3005.027 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=2795 Txn update /registry/pods/default/web
#2798 3005.027 ->3005.577 message:raft.message etcd/etcd-1 -> etcd/etcd-2 [raft] - cause=2797 MsgApp term 1 index 134 +1 entry commit 134
#2799 3005.027 ->3005.810 message:raft.message etcd/etcd-1 -> etcd/etcd-3 [raft] - cause=2797 MsgApp term 1 index 134 +1 entry commit 134
#2800 3005.577 ->3006.208 message:raft.message etcd/etcd-2 -> etcd/etcd-1 [raft] - cause=2798 MsgAppResp term 1 index 135
#2801 3005.810 ->3006.570 message:raft.message etcd/etcd-3 -> etcd/etcd-1 [raft] - cause=2799 MsgAppResp term 1 index 135
#2802 3006.208 ->3007.135 message:raft.message etcd/etcd-1 -> etcd/etcd-2 [raft] - cause=2800 MsgApp term 1 index 135 +0 entries commit 135
#2803 3006.208 ->3006.956 message:raft.message etcd/etcd-1 -> etcd/etcd-3 [raft] - cause=2800 MsgApp term 1 index 135 +0 entries commit 135
#2804 3006.208 ->3006.752 message:etcd.response etcd/etcd-1 -> kube-apiserver [scheduling] - cause=2800 Txn succeeded rev 134
#2805 3006.208 ->3006.827 message:etcd.watch etcd/etcd-1 -> kube-apiserver [watch] - cause=2800 PUT /registry/pods/default/web rev 134
#2806 3006.752 ->3006.825 message:http.response kube-apiserver -> kube-scheduler [scheduling] pod/default/web cause=2804 201 Created pod/web/binding
#2807 3006.825 ->3006.907 message:http.request kube-scheduler -> kube-apiserver [scheduling] pod/default/web cause=2806 POST /api/v1/namespaces/default/events (Scheduled)
#2808 3006.827 ->3006.899 message:watch.event kube-apiserver -> kube-scheduler [watch] pod/default/web cause=2805 MODIFIED pod/default/web rv=134
#2809 3006.827 ->3006.926 message:watch.event kube-apiserver -> kube-controller-manager [watch] pod/default/web cause=2805 MODIFIED pod/default/web rv=134
#2810 3006.827 ->3007.506 message:watch.event kube-apiserver -> kubelet/worker-3 [watch] pod/default/web cause=2805 ADDED pod/default/web rv=134
#2811 3006.907 ->3007.455 message:etcd.request kube-apiserver -> etcd/etcd-1 [scheduling] - cause=2807 Txn create /registry/events/default/web.17eb3e23218a2228
#2812 3006.926 timer:controller.worker kube-controller-manager -> kube-controller-manager [watch] - cause=2809 timer controller.worker
#2813 3006.956 ->3007.944 message:raft.message etcd/etcd-3 -> etcd/etcd-1 [raft] - cause=2803 MsgAppResp term 1 index 135
#2814 3007.135 ->3007.806 message:raft.message etcd/etcd-2 -> etcd/etcd-1 [raft] - cause=2802 MsgAppResp term 1 index 135
#2815 3007.455 ->3008.283 message:raft.message etcd/etcd-1 -> etcd/etcd-2 [raft] - cause=2811 MsgApp term 1 index 135 +1 entry commit 135
#2816 3007.455 ->3008.211 message:raft.message etcd/etcd-1 -> etcd/etcd-3 [raft] - cause=2811 MsgApp term 1 index 135 +1 entry commit 135
#2817 3007.506 ->3008.445 message:http.request kubelet/worker-3 -> kube-apiserver [execution] pod/default/web cause=2810 PATCH pods/web/status (Pending)
`);

/** `kubectl run latest --image=nginx:latest` refused by a validating webhook (the admission-webhook scenario). */
export const WEBHOOK_DENIED = parseTrace(`
#3001 37000.000 ->37000.000 message:cli.exec user -> kubectl [user] - cause=- $ kubectl run latest --image=nginx:latest
#3002 37000.000 ->37000.780 message:http.request kubectl -> kube-apiserver [persistence] pod/default/latest cause=3001 POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run
#3003 37000.780 ->37001.400 message:pod.http.request kube-apiserver -> containerd/worker-2 [persistence] - cause=3002 POST https://policy.default.svc:443/validate?timeout=10s AdmissionReview CREATE pods latest (webhook deny-latest.policy.kubeplay.dev) 10.0.0.10:40112 -> 10.108.181.252:443 DNAT 10.244.2.4:8443 (iptables: 14 rules evaluated)
#3004 37001.400 ->37002.050 message:pod.http.response containerd/worker-2 -> kube-apiserver [networking] - cause=3003 10.244.2.4:8443 -> 10.0.0.10: HTTP/1.1 200 OK (301 bytes, policy)
#3005 37002.050 ->37002.900 message:http.response kube-apiserver -> kubectl [persistence] pod/default/latest cause=3004 403 Forbidden: admission webhook "deny-latest.policy.kubeplay.dev" denied the request
`);
answered(WEBHOOK_DENIED, 3005, 3002, [
  { stage: 'Authentication', result: 'passed', text: 'admin' },
  { stage: 'Authorization', result: 'passed', text: 'allowed' },
  { stage: 'Admission', result: 'failed', text: 'rejected by webhook deny-latest.policy.kubeplay.dev (403)' },
]);
