// The "god view" of a running cluster for the UI: plain views of hosts, processes, stored objects,
// messages in flight, scheduling cycles and logs. Read-only: no messages, no effects, no PRNG.

export { diffViews, emptyPatch, isEmptyPatch, type SentViews } from './diff';
export { hostRole, observeDegradedLinks, observeHosts, observePartitions } from './hosts';
export { componentDetail, componentView, observeComponents } from './components';
export { diffObjects, etcdStore, newObjectTracker, objectIdOfKey, objectView, unsentWrites, type ObjectTracker } from './objects';
export { diffInFlight, inFlightTimes, type SentFlights } from './messages';
export { cycleView, podKey, schedulingCycles } from './cycles';
export { DEFAULT_LOG_TAIL, processLog } from './logs';
export { followedView, isCommandRoot, MAX_DESCENDANTS, observeRecord, REQUEST_PHASES, startFollow, type FollowState } from './followed';
export { updateOutcome } from './outcome';
export { droppedFlow, loadEndFlows, messageFlow, runningLoads } from './traffic';
