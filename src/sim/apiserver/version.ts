// GET /version: kube-apiserver's build (k8s.io/apimachinery/pkg/version.Info), for every user,
// anonymous too (system:public-info-viewer). The simulated server is v1.31.0 as released.

import { KUBERNETES_VERSION } from '../config';

export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

export const SERVER_VERSION: VersionInfo = {
  major: '1',
  minor: '31',
  gitVersion: KUBERNETES_VERSION,
  gitCommit: '9edcffcde5595e8a5b1a35f88c421764e575afce',
  gitTreeState: 'clean',
  buildDate: '2024-08-13T07:28:49Z',
  goVersion: 'go1.22.5',
  compiler: 'gc',
  platform: 'linux/amd64',
};
