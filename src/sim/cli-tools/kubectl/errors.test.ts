// Expected texts: kubectl/pkg/cmd/util/helpers.go (CheckErr, StandardErrorMessage, MultilineError)
// and the reference's part C.
import { describe, expect, it } from 'vitest';
import { alreadyExists, internalError, invalid, notFound, unauthorized } from '../../api/errors';
import { addSourceToErr, checkErr, plain, type KubectlError } from './errors';

const pods = { group: '', resource: 'pods' };

describe('CheckErr output', () => {
  const cases: [string, KubectlError, string][] = [
    ['a NotFound from get', { t: 'status', status: notFound(pods, 'x') }, 'Error from server (NotFound): pods "x" not found\n'],
    ['an AlreadyExists from a file', addSourceToErr('creating', 'web.yaml', { t: 'status', status: alreadyExists(pods, 'web') }), 'Error from server (AlreadyExists): error when creating "web.yaml": pods "web" already exists\n'],
    ['a 500 with an empty reason', { t: 'status', status: internalError('etcdserver: request timed out') }, 'Error from server: etcdserver: request timed out\n'],
    ['Unauthorized', { t: 'status', status: unauthorized() }, 'error: You must be logged in to the server (Unauthorized)\n'],
    ['a plain error gets the error: prefix', plain('the server doesn\'t have a resource type "foo"'), 'error: the server doesn\'t have a resource type "foo"\n'],
    [
      'connection refused',
      { t: 'url', method: 'GET', url: 'https://10.0.0.10:6443/api/v1/namespaces/default/pods', cause: 'dial tcp 10.0.0.10:6443: connect: connection refused', refused: true, host: '10.0.0.10:6443' },
      'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n',
    ],
    [
      'a request timeout',
      { t: 'url', method: 'GET', url: 'https://10.0.0.10:6443/api/v1/pods', cause: 'context deadline exceeded', refused: false, host: '10.0.0.10:6443' },
      'Unable to connect to the server: context deadline exceeded\n',
    ],
    [
      'Invalid with one cause, even from a file',
      addSourceToErr('creating', 'p.yaml', { t: 'status', status: invalid('Pod', '', 'kuard', [{ type: 'Required value', field: 'spec.containers' }]) }),
      'The Pod "kuard" is invalid: spec.containers: Required value\n',
    ],
    [
      'Invalid with several causes as a list',
      { t: 'status', status: invalid('Pod', '', 'web', [{ type: 'Required value', field: 'spec.containers[0].image' }, { type: 'Required value', field: 'spec.containers[0].name' }]) },
      'The Pod "web" is invalid: \n* spec.containers[0].image: Required value\n* spec.containers[0].name: Required value\n',
    ],
    [
      'several errors, one per line',
      { t: 'aggregate', errors: [plain('a'), { t: 'status', status: notFound(pods, 'x') }] },
      'a\nError from server (NotFound): pods "x" not found\n',
    ],
  ];
  it.each(cases)('%s', (_n, err, want) => expect(checkErr(err)).toBe(want));
});
