// The guestbook's frontend (gb-frontend, GoogleCloudPlatform/kubernetes-engine-samples
// guestbook/php-redis): Apache with PHP. `/` is its index.html (921 bytes, the AngularJS page the
// kubernetes.io tutorial opens); `/guestbook.php?cmd=set&value=..` writes the `guestbook` key to
// redis-leader and prints `{"message": "Updated"}`, any other cmd reads it from redis-follower and
// prints `{"data": "<value>"}`. The hosts are the Service names (GET_HOSTS_FROM=dns), or the
// REDIS_*_SERVICE_HOST variables when GET_HOSTS_FROM=env. The script runs with display_errors on,
// so when Predis cannot reach redis the page is PHP's fatal error about its ConnectionException.
// kubernetes/examples' build of the same page (web/guestbook/php-redis/guestbook.php, the
// gcr.io/google-samples/gb-frontend image) writes to redis-master and reads from redis-replica
// (REDIS_MASTER_SERVICE_HOST / REDIS_SLAVE_SERVICE_HOST under GET_HOSTS_FROM=env).

import type { HttpClientCommand, HttpOutcome } from './traffic-client';

export const GUESTBOOK_INDEX_HTML = `<html ng-app="redis">
  <head>
    <title>Guestbook</title>
    <link rel="stylesheet" href="//netdna.bootstrapcdn.com/bootstrap/3.1.1/css/bootstrap.min.css">
    <script src="https://ajax.googleapis.com/ajax/libs/angularjs/1.2.12/angular.min.js"></script>
    <script src="controllers.js"></script>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/angular-ui-bootstrap/0.13.0/ui-bootstrap-tpls.js"></script>
  </head>
  <body ng-controller="RedisCtrl">
    <div style="width: 50%; margin-left: 20px">
      <h2>Guestbook</h2>
    <form>
    <fieldset>
    <input ng-model="msg" placeholder="Messages" class="form-control" type="text" name="input"><br>
    <button type="button" class="btn btn-primary" ng-click="controller.onRedis()">Submit</button>
    </fieldset>
    </form>
    <div>
      <div ng-repeat="msg in messages track by $index">
        {{msg}}
      </div>
    </div>
    </div>
  </body>
</html>
`;

/** The key guestbook.php reads and writes, whatever the query's `key` says. */
const KEY = 'guestbook';
/** Predis's default connection timeout (Connection\Parameters: timeout 5.0 s). */
const PREDIS_TIMEOUT_SEC = 5;

export interface GuestbookCall {
  cmd: 'set' | 'get';
  /** The redis command Predis sends. */
  redisArgs: string[];
  host: string;
}

/** PHP's $_GET: `+` is a space, %XX decoded; a malformed escape stays as written. */
function queryParams(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const i = pair.indexOf('=');
    const [k, v] = i < 0 ? [pair, ''] : [pair.slice(0, i), pair.slice(i + 1)];
    const dec = (x: string): string => {
      try {
        return decodeURIComponent(x.replace(/\+/g, ' '));
      } catch {
        return x;
      }
    };
    out.set(dec(k), dec(v));
  }
  return out;
}

/** Which build of guestbook.php: the names of the Services it writes to and reads from. */
export type GuestbookFlavour = 'guestbook' | 'guestbook-examples';
const HOSTS: Record<GuestbookFlavour, { write: [string, string]; read: [string, string] }> = {
  guestbook: { write: ['redis-leader', 'REDIS_LEADER_SERVICE_HOST'], read: ['redis-follower', 'REDIS_FOLLOWER_SERVICE_HOST'] },
  'guestbook-examples': { write: ['redis-master', 'REDIS_MASTER_SERVICE_HOST'], read: ['redis-replica', 'REDIS_SLAVE_SERVICE_HOST'] },
};

/** What guestbook.php does for a request path, or undefined when it does not call redis. */
export function guestbookCall(path: string, env: [string, string][], flavour: GuestbookFlavour = 'guestbook'): GuestbookCall | undefined {
  const m = /^\/guestbook\.php\?(.*)$/.exec(path);
  if (!m) return undefined;
  const q = queryParams(m[1]!);
  const cmd = q.get('cmd');
  if (cmd === undefined) return undefined;
  const fromEnv = env.find(([k]) => k === 'GET_HOSTS_FROM')?.[1] === 'env';
  const envHost = (name: string): string => env.find(([k]) => k === name)?.[1] ?? '';
  const { write, read } = HOSTS[flavour];
  if (cmd === 'set') return { cmd: 'set', redisArgs: ['SET', KEY, q.get('value') ?? ''], host: fromEnv ? envHost(write[1]) : write[0] };
  return { cmd: 'get', redisArgs: ['GET', KEY], host: fromEnv ? envHost(read[1]) : read[0] };
}

/** The connection Predis opens for the call. */
export function predisCommand(call: GuestbookCall): HttpClientCommand {
  return { tool: 'redis', host: call.host, port: 6379, path: call.redisArgs[0]!, redisArgs: call.redisArgs, quiet: true, showError: true, fail: false, timeoutSec: PREDIS_TIMEOUT_SEC };
}

function fatal(message: string): string {
  return `<br />\n<b>Fatal error</b>:  Uncaught Predis\\Connection\\ConnectionException: ${message} in /var/www/html/vendor/predis/predis/src/Connection/AbstractConnection.php:155\n`;
}

/** The page guestbook.php prints once Predis is done (status 200 either way: display_errors is on). */
export function guestbookPage(call: GuestbookCall, o: HttpOutcome): string {
  const where = `[tcp://${call.host}:6379]`;
  if (o.kind === 'bad-address') return fatal(`php_network_getaddresses: getaddrinfo failed: Name or service not known ${where}`);
  if (o.kind === 'refused') return fatal(`Connection refused ${where}`);
  if (o.kind === 'timeout') return fatal(`Connection timed out ${where}`);
  if (o.kind === 'reset') return fatal(`Connection reset by peer ${where}`);
  if (o.body.startsWith('-')) return `<br />\n<b>Fatal error</b>:  Uncaught Predis\\Response\\ServerException: ${o.body.slice(1).replace(/\r\n$/, '')} in /var/www/html/vendor/predis/predis/src/Client.php:370\n`;
  if (call.cmd === 'set') return '{"message": "Updated"}';
  const bulk = /^\$\d+\r\n([\s\S]*)\r\n$/.exec(o.body);
  const value = bulk ? bulk[1]! : '';
  return `{"data": "${value}"}`;
}
