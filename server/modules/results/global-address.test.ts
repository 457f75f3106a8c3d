import { describe, expect, it } from 'vitest';
import { isGlobalAddress } from './global-address.ts';

/** Each special-purpose range: its first and last address, and the global addresses just outside it. */
const ipv4Ranges: [range: string, inside: string[], outside: string[]][] = [
  ['0.0.0.0/8', ['0.0.0.0', '0.255.255.255'], ['1.0.0.0']],
  ['10.0.0.0/8', ['10.0.0.0', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
  ['100.64.0.0/10', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
  ['127.0.0.0/8', ['127.0.0.0', '127.0.0.1', '127.255.255.255'], ['126.255.255.255', '128.0.0.0']],
  ['169.254.0.0/16', ['169.254.0.0', '169.254.169.254', '169.254.255.255'], ['169.253.255.255', '169.255.0.0']],
  ['172.16.0.0/12', ['172.16.0.0', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
  ['192.0.0.0/24', ['192.0.0.0', '192.0.0.255'], ['191.255.255.255', '192.0.1.0']],
  ['192.0.2.0/24', ['192.0.2.0', '192.0.2.255'], ['192.0.1.255', '192.0.3.0']],
  ['192.88.99.0/24', ['192.88.99.0', '192.88.99.255'], ['192.88.98.255', '192.88.100.0']],
  ['192.168.0.0/16', ['192.168.0.0', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
  ['198.18.0.0/15', ['198.18.0.0', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
  ['198.51.100.0/24', ['198.51.100.0', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
  ['203.0.113.0/24', ['203.0.113.0', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
  ['224.0.0.0/4', ['224.0.0.0', '239.255.255.255'], ['223.255.255.255']],
  ['240.0.0.0/4 and 255.255.255.255', ['240.0.0.0', '255.255.255.254', '255.255.255.255'], []],
];

const ipv6Ranges: [range: string, inside: string[], outside: string[]][] = [
  ['::/128 and ::1', ['::', '::1'], []],
  [
    '::ffff:0:0/96 with a special IPv4 inside',
    ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:192.0.2.1'],
    [],
  ],
  ['64:ff9b::/96 (NAT64)', ['64:ff9b::', '64:ff9b::8.8.8.8', '64:ff9b::ffff:ffff'], []],
  ['64:ff9b:1::/48 (local NAT64)', ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'], []],
  ['100::/64 (discard)', ['100::', '100::ffff:ffff:ffff:ffff'], []],
  ['below 2000::/3', ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '::2', '::8.8.8.8'], ['2000::1']],
  ['above 2000::/3', ['4000::', 'bfff::1'], ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  [
    '2001::/23 (IETF protocol assignments, Teredo)',
    ['2001::', '2001:0:4136:e378::1', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::'],
  ],
  [
    '2001:db8::/32 (documentation)',
    ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  ],
  ['2002::/16 (6to4)', ['2002::', '2002:c0a8:101::1', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], ['2003::']],
  ['fc00::/7 (unique local)', ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
  ['fe80::/10 (link-local)', ['fe80::', 'fe80::1%eth0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
  ['ff00::/8 (multicast)', ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
];

describe('isGlobalAddress', () => {
  it.each([...ipv4Ranges, ...ipv6Ranges])('refuses %s and nothing next to it', (_range, inside, outside) => {
    for (const address of inside) expect(isGlobalAddress(address), address).toBe(false);
    for (const address of outside) expect(isGlobalAddress(address), address).toBe(true);
  });

  it('accepts public servers, also as IPv4-mapped addresses', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4003::64',
      '::ffff:8.8.8.8',
    ])
      expect(isGlobalAddress(address), address).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', 'example.org', '1.2.3', '256.0.0.1', '[::1]'])
      expect(isGlobalAddress(text), text).toBe(false);
  });
});
