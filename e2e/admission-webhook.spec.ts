// Acceptance, issue 18 point 5: "deploy the policy webhook, apply a `:latest` pod in the YAML tab,
// see the denial inline and the webhook's lane in the sequence diagram". Everything goes through the
// YAML tab as a learner would type it: the webhook's Deployment and Service, its
// ValidatingWebhookConfiguration, then a pod whose image is nginx:latest. The refusal is
// kube-apiserver's real text; the Request tab draws the AdmissionReview call from the Admission
// stage to the webhook's own lane and back, and says where the request stopped.

import { applyYaml, expect, expectNoAxeViolations, gotoApp, setSpeed, shotSizes, test, waitPodStatus } from './helpers';

const SERVER = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: policy
spec:
  replicas: 1
  selector:
    matchLabels: {app: policy}
  template:
    metadata:
      labels: {app: policy}
    spec:
      containers:
        - name: policy
          image: kubeplay/policy-webhook:1.0
          args: ["--deny-latest"]
          ports:
            - containerPort: 8443
---
apiVersion: v1
kind: Service
metadata:
  name: policy
spec:
  selector: {app: policy}
  ports:
    - port: 443
      targetPort: 8443
`;

const CONFIG = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: deny-latest
webhooks:
  - name: deny-latest.policy.kubeplay.dev
    admissionReviewVersions: ["v1"]
    sideEffects: None
    clientConfig:
      service: {namespace: default, name: policy, path: /validate}
    rules:
      - operations: ["CREATE"]
        apiGroups: [""]
        apiVersions: ["v1"]
        resources: ["pods"]
`;

const LATEST = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: web
      image: nginx:latest
`;

test.describe.configure({ timeout: 150_000 });

test('a validating webhook refuses a :latest pod applied in the YAML tab; the Request tab shows the webhook lane', async ({ page }) => {
  await gotoApp(page);
  await setSpeed(page, 25);
  const result = page.getByTestId('yaml-apply-result');
  const text = page.getByTestId('yaml-apply-text');

  await applyYaml(page, SERVER);
  await expect(result).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await expect(text).toHaveText('deployment.apps/policy created\nservice/policy created');
  await expect(page.locator('[data-testid^="pod-default-policy-"]')).toHaveAttribute('data-status', 'Running', { timeout: 60_000 });

  await applyYaml(page, CONFIG);
  await expect(text).toHaveText('validatingwebhookconfiguration.admissionregistration.k8s.io/deny-latest created', { timeout: 30_000 });

  await applyYaml(page, LATEST);
  await expect(result).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(text).toHaveText(
    'Error from server (Forbidden): error when creating "STDIN": admission webhook "deny-latest.policy.kubeplay.dev" denied the request: container "web" uses image "nginx:latest": the :latest tag is not allowed, pin a version',
  );

  const tab = page.getByTestId('dock-tab-sequence');
  await tab.click();
  const diagram = page.getByTestId('sequence-diagram');
  const lane = diagram.locator('[data-lane="webhook/deny-latest.policy.kubeplay.dev"]');
  await expect(lane.first()).toBeVisible();
  // The AdmissionReview leaves the Admission stage for the webhook's lane, and the answer comes back.
  await expect(diagram.locator('[data-message][data-from="kube-apiserver:admission"][data-to="webhook/deny-latest.policy.kubeplay.dev"]')).toHaveCount(1);
  await expect(diagram.locator('[data-message][data-from="webhook/deny-latest.policy.kubeplay.dev"][data-to="kube-apiserver:admission"]')).toHaveCount(1);
  const outcome = page.getByTestId('sequence-outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'rejected');
  await expect(outcome).toHaveAttribute('data-lane', 'kube-apiserver:admission');
  await expect(outcome).toContainText('denied the request');
  await expectNoAxeViolations(page, { include: '[data-testid="dock"]' });
  await shotSizes(page, 'admission-webhook-denied', { graph: false });

  // A pinned tag goes through the same webhook and is stored.
  await applyYaml(page, LATEST.replace('nginx:latest', 'nginx:1.25'));
  await expect(text).toHaveText('pod/web created', { timeout: 30_000 });
  await waitPodStatus(page, 'default', 'web', 'Running', 60_000);
});
