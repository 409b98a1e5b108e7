// The default profile of v1.31 (pkg/scheduler/apis/config/v1/default_plugins.go), in its order, with
// its score weights. VolumeBinding runs after NodeResourcesFit, as there; the other volume plugins
// (VolumeRestrictions, NodeVolumeLimits, VolumeZone) and SchedulingGates are not modelled.

import type { Plugin } from '../framework/types';
import { DefaultPreemption } from './DefaultPreemption/DefaultPreemption';
import { ImageLocality } from './ImageLocality/ImageLocality';
import { InterPodAffinity } from './InterPodAffinity/InterPodAffinity';
import { NodeAffinity } from './NodeAffinity/NodeAffinity';
import { NodeName } from './NodeName/NodeName';
import { NodePorts } from './NodePorts/NodePorts';
import { NodeResourcesBalancedAllocation } from './NodeResourcesBalancedAllocation/NodeResourcesBalancedAllocation';
import { NodeResourcesFit } from './NodeResourcesFit/NodeResourcesFit';
import { NodeUnschedulable } from './NodeUnschedulable/NodeUnschedulable';
import { PodTopologySpread } from './PodTopologySpread/PodTopologySpread';
import { TaintToleration } from './TaintToleration/TaintToleration';
import { VolumeBinding } from './VolumeBinding/VolumeBinding';

/** Every plugin Kubeplay knows, by name. */
export const REGISTRY: Record<string, Plugin> = Object.fromEntries(
  [NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit, VolumeBinding, PodTopologySpread, InterPodAffinity, DefaultPreemption, NodeResourcesBalancedAllocation, ImageLocality].map((p) => [p.name, p]),
);

/** The default-scheduler profile, in the order its extension points run. */
export const DEFAULT_PROFILE: readonly Plugin[] = [
  NodeUnschedulable,
  NodeName,
  TaintToleration,
  NodeAffinity,
  NodePorts,
  NodeResourcesFit,
  VolumeBinding,
  PodTopologySpread,
  InterPodAffinity,
  DefaultPreemption,
  NodeResourcesBalancedAllocation,
  ImageLocality,
];
