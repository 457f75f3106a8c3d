import { isIP } from 'node:net';
import { isGlobalAddress } from '#server/modules/results/global-address';
import type { Resolve } from '#server/modules/results/public-url-source';

/** A global address the names below resolve to (it is never connected to: the tests' pushes go to 127.0.0.1). */
export const PUBLIC_TEST_ADDRESS = '93.184.215.14';

/**
 * Name resolution as the API tests' app sees it, with no DNS (this machine has none): push services' names
 * (`*.example.com`, `*.example.org`, `fcm.googleapis.com`, `*.push.apple.com`) answer a global address, `localhost`
 * the loopback, and the names a test adds to `names` their own answers (one that resolves to a private address,
 * one whose answer changes between two lookups). Any other name is unknown.
 */
export const names = new Map<string, string[]>([['localhost', ['127.0.0.1']]]);

/** Resolution by a test's own answers: a name `answers` does not know fails as an unknown name does. */
export const resolveBy =
  (answers: (host: string) => readonly string[] | undefined): Resolve =>
  async (host) => {
    const answer = answers(host);
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: isIP(address) }));
  };

export const testResolve = resolveBy(
  (host) =>
    names.get(host) ??
    (/(^|\.)example\.(com|org)$|^fcm\.googleapis\.com$|\.push\.apple\.com$/.test(host) ? [PUBLIC_TEST_ADDRESS] : undefined),
);

/** The addresses a results reader may connect to in a test: the public ones, and its stand-in server on 127.0.0.1. */
export const reachesStandIn = (address: string) => address === '127.0.0.1' || isGlobalAddress(address);
