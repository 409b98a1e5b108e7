// The scheduling framework's vocabulary, after kube-scheduler's pkg/scheduler/framework
// (interface.go, types.go): status codes, plugin names, the extension points a plugin may implement,
// and NodeInfo, the per-node aggregate the plugins read. Plugins are stateless modules of functions;
// everything a cycle computes lives in plain data (CycleState) so the scheduler state stays cloneable.

import type { Node, Pod } from '../../api/types';
import type { VolumeListers } from '../plugins/VolumeBinding/binder';
import type { NodeTable } from './node-table';

/** framework.Code, with the real names. */
export type Code = 'Success' | 'Error' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Wait' | 'Skip' | 'Pending';

export interface Status {
  code: Code;
  reasons: string[];
  /** The plugin that returned a failure (framework.Status.Plugin). */
  plugin?: string;
  /**
   * PreFilter only: framework.PreFilterResult.NodeNames, the only nodes worth filtering (NodeAffinity
   * returns a DaemonSet pod's own node). Undefined: every node.
   */
  nodeNames?: ReadonlySet<string>;
}

/**
 * One Success and one Skip for every plugin and node, never changed (a nil *Status in Go): a Filter
 * that passes allocates nothing, which matters when a cycle filters hundreds of nodes.
 */
const SUCCESS: Status = Object.freeze({ code: 'Success', reasons: Object.freeze([]) as unknown as string[] });
const SKIP: Status = Object.freeze({ code: 'Skip', reasons: Object.freeze([]) as unknown as string[] });
export const success = (): Status => SUCCESS;
export const skip = (): Status => SKIP;
/** A refusal made once for a plugin's fixed reason, shared by every node it refuses (frozen). */
export const fixedStatus = (code: Code, reason: string): Status => Object.freeze({ code, reasons: Object.freeze([reason]) as unknown as string[] });
export const unschedulable = (...reasons: string[]): Status => ({ code: 'Unschedulable', reasons });
export const unresolvable = (...reasons: string[]): Status => ({ code: 'UnschedulableAndUnresolvable', reasons });
export const isSuccess = (s: Status | undefined): boolean => !s || s.code === 'Success';

/** framework.MaxNodeScore / MinNodeScore. */
export const MAX_NODE_SCORE = 100;
export const MIN_NODE_SCORE = 0;

/** Plugin names, as pkg/scheduler/framework/plugins/names/names.go spells them. */
export const PluginNames = {
  PrioritySort: 'PrioritySort',
  SchedulingGates: 'SchedulingGates',
  NodeUnschedulable: 'NodeUnschedulable',
  NodeName: 'NodeName',
  TaintToleration: 'TaintToleration',
  NodeAffinity: 'NodeAffinity',
  NodePorts: 'NodePorts',
  NodeResourcesFit: 'NodeResourcesFit',
  PodTopologySpread: 'PodTopologySpread',
  InterPodAffinity: 'InterPodAffinity',
  DefaultPreemption: 'DefaultPreemption',
  NodeResourcesBalancedAllocation: 'NodeResourcesBalancedAllocation',
  ImageLocality: 'ImageLocality',
  VolumeBinding: 'VolumeBinding',
  DefaultBinder: 'DefaultBinder',
} as const;
export type PluginName = (typeof PluginNames)[keyof typeof PluginNames];

/** The resources a pod asks for or a node has, in scheduler units. */
export interface Resources {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  pods: number;
}

/** framework.NodeInfo, reduced to what the plugins read. Built from the scheduler's cache. */
export interface NodeInfo {
  node: Node;
  name: string;
  /** Pods bound or assumed to the node. */
  pods: Pod[];
  /** Those of `pods` with pod affinity or anti-affinity, and those with required anti-affinity (NodeInfo.PodsWithAffinity, PodsWithRequiredAntiAffinity). */
  podsWithAffinity: Pod[];
  podsWithRequiredAntiAffinity: Pod[];
  allocatable: Resources;
  /** Sum of the pods' requests (what NodeResourcesFit compares). */
  requested: Resources;
  /** Sum with defaults for pods that request nothing (100m CPU, 200Mi), for scoring. */
  nonZeroRequested: { milliCPU: number; memory: number };
  /** `protocol/ip/port` of host ports in use. */
  usedPorts: string[];
  /**
   * Counts a plugin derives from this node's pods, by the plugin's own key. A NodeInfo is never
   * changed once built (the scheduler builds a new one when the node or its pods change), so what
   * is kept here stays true as long as the NodeInfo is in the snapshot.
   */
  derived?: Map<string, number>;
}

/** The pod being scheduled, with what the plugins compute from it once. */
export interface PodInfo {
  pod: Pod;
  key: string;
  requests: Resources;
  nonZeroRequests: { milliCPU: number; memory: number };
}

/** What every plugin function sees: the pod, all nodes of the snapshot and the cycle's scratch data. */
export interface CycleContext {
  pod: PodInfo;
  nodes: NodeInfo[];
  /** The snapshot's nodes that have pods with required anti-affinity (InterPodAffinity's PreFilter reads only these). */
  havePodsWithRequiredAntiAffinity: NodeInfo[];
  /** framework.CycleState: plugin-owned data written in PreFilter/PreScore, read later. */
  state: Record<string, unknown>;
  /** The scheduler's listers of claims, volumes and classes (VolumeBinding reads them). */
  volumes?: VolumeListers;
  /** How many of the snapshot's nodes have each image name (ImageStateSummary.NumNodes); ImageLocality counts them itself when absent. */
  imageNumNodes?: ReadonlyMap<string, number>;
  /** The numbers of `nodes`, one row each in their order (node-table.ts): what `row` below indexes. */
  table?: NodeTable;
}

export interface NodeScore {
  name: string;
  score: number;
}

/** A plugin implements any subset of the extension points. */
export interface Plugin {
  name: PluginName;
  /** Score weight in the default profile. */
  weight?: number;
  preFilter?(ctx: CycleContext): Status;
  /** `row`: the node's row in ctx.table (its index in ctx.nodes), given by the cycle; absent, read `node`. */
  filter?(ctx: CycleContext, node: NodeInfo, row?: number): Status;
  /** Returns the message of the PostFilter result (DefaultPreemption: `preemption: ...`). */
  postFilter?(ctx: CycleContext, statuses: Map<string, Status>): Status;
  preScore?(ctx: CycleContext, feasible: NodeInfo[]): Status;
  score?(ctx: CycleContext, node: NodeInfo, row?: number): number;
  /** Rewrites scores in place to the range [0, 100]. */
  normalizeScore?(ctx: CycleContext, scores: NodeScore[]): void;
}
