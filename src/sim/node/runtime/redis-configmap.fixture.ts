// The manifests of the kubernetes.io tutorial "Configuring Redis using a ConfigMap"
// (https://kubernetes.io/docs/tutorials/configuration/configure-redis-using-configmap/), unchanged:
// the ConfigMap the page writes with an empty redis-config, then with maxmemory 2mb and
// allkeys-lru (website content/en/examples/pods/config/example-redis-config.yaml), and
// content/en/examples/pods/config/redis-pod.yaml. Shared by the headless and the served tests.

export const CM = (conf: string): string => `
apiVersion: v1
kind: ConfigMap
metadata:
  name: example-redis-config
data:
  redis-config: ${conf}
`;
export const POD = `
apiVersion: v1
kind: Pod
metadata:
  name: redis
spec:
  containers:
  - name: redis
    image: redis:5
    env:
    - name: MASTER
      value: "true"
    ports:
    - containerPort: 6379
    resources:
      limits:
        cpu: "0.1"
    volumeMounts:
    - mountPath: /data
      name: data
    - mountPath: /usr/local/etc/redis
      name: config
    args:
    - /usr/local/etc/redis/redis.conf
  volumes:
    - name: data
      emptyDir: {}
    - name: config
      configMap:
        name: example-redis-config
        items:
        - key: redis-config
          path: redis.conf
`;

/** The page's first ConfigMap (redis-config empty) and its update. */
export const CM_EMPTY = CM('""');
export const CM_2MB = CM('|\n    maxmemory 2mb\n    maxmemory-policy allkeys-lru');
