// What kube-controller-manager hands a controller when it runs one of its functions: the effects of
// the current step, the API client, the shared informers' caches, the timings and the controller's
// identity. Built afresh for each call; never stored in state.

import type { Credentials } from '../../api/http';
import type { ClientState } from '../../client/apiclient';
import type { Timings } from '../../config';
import type { Effects } from '../../kernel/component';
import type { SharedInformers } from './informers';
import type { EventSequence } from './events';

export interface ControllerEnv {
  ctx: Effects;
  client: ClientState;
  informers: SharedInformers;
  timings: Timings;
  /** The controller's own identity: its service account's bearer token. */
  credentials: Credentials;
  /** The shared event recorder's state: the counter that keeps events of one instant apart and the correlator's cache. */
  events: EventSequence;
}
