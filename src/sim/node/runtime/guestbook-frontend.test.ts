// The guestbook frontend's PHP (GoogleCloudPlatform/kubernetes-engine-samples guestbook/php-redis/
// guestbook.php, the gb-frontend:v5 image of the kubernetes.io tutorial "Example: Deploying PHP
// Guestbook application with Redis"): cmd=set writes the `guestbook` key on redis-leader and prints
// {"message": "Updated"}; any other cmd reads it from redis-follower and prints {"data": "..."};
// GET_HOSTS_FROM=env takes the hosts from REDIS_*_SERVICE_HOST; with display_errors on, Predis's
// ConnectionException is printed as PHP's fatal error.
import { describe, expect, it } from 'vitest';
import { GUESTBOOK_INDEX_HTML, guestbookCall, guestbookPage } from './guestbook-frontend';

const DNS: [string, string][] = [['GET_HOSTS_FROM', 'dns']];

describe('guestbook.php', () => {
  it('serves the 921-byte index.html the tutorial shows (Content-Length: 921)', () => {
    expect(GUESTBOOK_INDEX_HTML.length).toBe(921);
    expect(GUESTBOOK_INDEX_HTML).toContain('<h2>Guestbook</h2>');
  });

  it.each([
    ['/guestbook.php?cmd=set&key=messages&value=,hello', DNS, { cmd: 'set', redisArgs: ['SET', 'guestbook', ',hello'], host: 'redis-leader' }],
    ['/guestbook.php?cmd=set&key=messages&value=a+b%2Cc', DNS, { cmd: 'set', redisArgs: ['SET', 'guestbook', 'a b,c'], host: 'redis-leader' }],
    ['/guestbook.php?cmd=get&key=messages', DNS, { cmd: 'get', redisArgs: ['GET', 'guestbook'], host: 'redis-follower' }],
    ['/guestbook.php?cmd=get', [['GET_HOSTS_FROM', 'env'], ['REDIS_FOLLOWER_SERVICE_HOST', '10.98.0.7']] as [string, string][], { cmd: 'get', redisArgs: ['GET', 'guestbook'], host: '10.98.0.7' }],
    ['/guestbook.php?cmd=set&value=%E0%A4%A', DNS, { cmd: 'set', redisArgs: ['SET', 'guestbook', '%E0%A4%A'], host: 'redis-leader' }],
  ])('%s calls redis as the script does', (path, env, want) => {
    expect(guestbookCall(path, env)).toEqual(want);
  });

  it('does not call redis for the page or without a cmd', () => {
    expect(guestbookCall('/', DNS)).toBeUndefined();
    expect(guestbookCall('/guestbook.php?key=messages', DNS)).toBeUndefined();
  });

  it('prints the reply, or the fatal error naming the redis it could not reach', () => {
    const get = guestbookCall('/guestbook.php?cmd=get', DNS)!;
    const set = guestbookCall('/guestbook.php?cmd=set&value=x', DNS)!;
    expect(guestbookPage(get, { kind: 'response', status: 200, reason: 'OK', body: '$6\r\n,hello\r\n', ip: '10.98.0.7' })).toBe('{"data": ",hello"}');
    expect(guestbookPage(get, { kind: 'response', status: 200, reason: 'OK', body: '$-1\r\n', ip: '10.98.0.7' })).toBe('{"data": ""}');
    expect(guestbookPage(set, { kind: 'response', status: 200, reason: 'OK', body: '+OK\r\n', ip: '10.98.0.8' })).toBe('{"message": "Updated"}');
    expect(guestbookPage(get, { kind: 'refused', ip: '10.98.0.7', elapsedMs: 0 })).toBe(
      '<br />\n<b>Fatal error</b>:  Uncaught Predis\\Connection\\ConnectionException: Connection refused [tcp://redis-follower:6379] in /var/www/html/vendor/predis/predis/src/Connection/AbstractConnection.php:155\n',
    );
    expect(guestbookPage(set, { kind: 'bad-address' })).toContain('php_network_getaddresses: getaddrinfo failed: Name or service not known [tcp://redis-leader:6379]');
    expect(guestbookPage(set, { kind: 'timeout', ip: '10.98.0.8', elapsedMs: 5000, byTool: true })).toContain('Connection timed out [tcp://redis-leader:6379]');
  });
});
