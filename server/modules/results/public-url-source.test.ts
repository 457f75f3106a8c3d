import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isGlobalAddress } from './global-address.ts';
import { UnsafeUrlError, checkedLookup, type Resolve } from './public-url-source.ts';

/** Runs the socket's lookup as `net.connect` does, with an answer from a stand-in resolver. */
function connectLookup(answer: string[], options: LookupOptions) {
  const resolve: Resolve = () =>
    Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((done) =>
    checkedLookup(resolve, isGlobalAddress)('datos.example.org', options, (error, address, family) =>
      done({ error, address, family }),
    ),
  );
}

describe('the lookup the import connects with', () => {
  it('hands the socket exactly the public addresses it checked', async () => {
    expect(await connectLookup(['93.184.216.34', '2606:2800:220:1::1'], { all: true })).toMatchObject({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
    expect(await connectLookup(['93.184.216.34', '2606:2800:220:1::1'], { family: 6 })).toMatchObject({
      error: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
  });

  it('fails the connection when any address of the answer is not public, first or not', async () => {
    for (const answer of [['10.0.0.1'], ['93.184.216.34', '127.0.0.1'], ['2606:2800:220:1::1', 'fd00::1']]) {
      for (const options of [{ all: true }, { all: false }, { family: 4 }]) {
        const { error } = await connectLookup(answer, options);
        expect(error, `${answer.join(',')} ${JSON.stringify(options)}`).toBeInstanceOf(UnsafeUrlError);
      }
    }
  });
});
