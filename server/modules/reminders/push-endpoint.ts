import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { reminderMessages } from '#contract/index';
import { BadRequestError } from '../../lib/errors.ts';
import { isGlobalAddress } from '../results/global-address.ts';
import { checkedLookup, checkUrlAddress, type Resolve, UnsafeUrlError } from '../results/public-url-source.ts';
import type { PushTransport } from './push-sender.ts';

/**
 * Where the server may push to. A push subscription's endpoint is a URL a user hands the server, which then connects
 * to it on a schedule: any https URL was accepted, and the scheduler connected to 127.0.0.1 (server-side request
 * forgery). So an endpoint goes through the guard every URL a user or an admin supplies goes through (the results
 * import's, `public-url-source.ts`): https only, a host whose every address is global (IANA's special-purpose
 * ranges refused, `global-address.ts`), checked when the subscription is saved and again in the socket's own lookup
 * at every delivery (no DNS rebinding), redirects never followed. An operator may name the push services' hosts
 * (`PUSH_ENDPOINT_HOSTS`: only those, `*.example.com` for a domain's) and addresses of their own besides the public
 * ones (`OUTBOUND_ALLOWED_ADDRESSES`: a push service on a private network, or a test's stand-in).
 */
export interface PushEndpointPolicy {
  /** Host names (`fcm.googleapis.com`, `*.push.apple.com`) an endpoint must have; null: any public host. */
  hosts: readonly string[] | null;
  /** Addresses allowed besides the global ones. */
  allowedAddresses: BlockList;
  /** Name resolution; the system's by default. */
  resolve?: Resolve;
  /** Certificates to trust besides the system's (a test's stand-in). */
  ca?: string | Buffer;
}

const PUSH_TIMEOUT_MS = 10_000;

/** Parses `OUTBOUND_ALLOWED_ADDRESSES`: addresses and CIDR ranges, comma-separated. */
export function addressList(text: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (text ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`not an address: ${entry}`);
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

export function createPushEndpointGuard({ hosts, allowedAddresses, resolve, ca }: PushEndpointPolicy) {
  const isAllowed = (address: string) => isGlobalAddress(address) || allowedAddresses.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  const systemResolve: Resolve = async (host) => (await import('node:dns/promises')).lookup(host, { all: true, verbatim: true });
  const lookup = checkedLookup(resolve ?? systemResolve, isAllowed);

  /** What can be told without a lookup: https, a listed host, an allowed literal address. */
  const acceptable = (endpoint: string): boolean => {
    let url: URL;
    try {
      url = new URL(endpoint);
      checkUrlAddress(url, isAllowed);
    } catch {
      return false;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return url.protocol === 'https:' && (hosts === null || hosts.some((pattern) => hostMatches(host, pattern)));
  };

  /** An acceptable endpoint's host looked up now, as a delivery's socket would: fails as that lookup does. */
  const lookUpHost = (endpoint: string) => {
    const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return Promise.resolve();
    return new Promise<void>((done, fail) => lookup(host, { all: true }, (error) => (error ? fail(error) : done())));
  };

  return {
    /** Refuses (400, in Spanish) an endpoint the server may not push to, looking its host up now. */
    async check(endpoint: string): Promise<void> {
      if (!acceptable(endpoint)) throw new BadRequestError(reminderMessages.endpointNotPublic);
      await lookUpHost(endpoint).catch(() => {
        throw new BadRequestError(reminderMessages.endpointNotPublic);
      });
    },

    /**
     * Whether the server may never push to a stored endpoint: the rule `check` applies, its host looked up now. A
     * lookup that fails without an answer (an unknown name, a resolver down) is no proof: such a row is kept, and
     * its deliveries decide (404/410 or the same refusal).
     */
    async refuses(endpoint: string): Promise<boolean> {
      if (!acceptable(endpoint)) return true;
      return lookUpHost(endpoint).then(
        () => false,
        (error: unknown) => error instanceof UnsafeUrlError,
      );
    },

    /**
     * Delivers a push: https only, to an endpoint the policy accepts, connected to an address checked in the socket's
     * own lookup; a redirect is an answer, never followed. An endpoint that fails the rule throws `UnsafeUrlError`.
     */
    transport: (async ({ endpoint, method, headers, body }) => {
      if (!acceptable(endpoint)) throw new UnsafeUrlError(`${endpoint} is not an endpoint the server may push to`);
      return new Promise<number>((resolveStatus, reject) => {
        const request = https.request(
          endpoint,
          { method, headers, lookup, agent: false, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS), ...(ca ? { ca } : {}) },
          (response) => {
            response.resume();
            resolveStatus(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(body ?? undefined);
      });
    }) satisfies PushTransport,
  };
}

export type PushEndpointGuard = ReturnType<typeof createPushEndpointGuard>;
