import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateTopics, reads, topics } from '../../lib/topics.ts';
import { listPasskeys } from './passkey.ts';

/** The passkeys' query keys: the signed-in user's passkeys ("Biometría"). */
export const passkeyKeys = {
  all: ['passkeys'] as const,
  mine: () => [...passkeyKeys.all, 'mine'] as const,
};

export const passkeyQueries = {
  mine: () => queryOptions({ queryKey: passkeyKeys.mine(), queryFn: listPasskeys, meta: reads(topics.passkeys) }),
};

/** A passkey was registered or removed: the list is asked for again. */
export const invalidatePasskeys = (queryClient: QueryClient) =>
  invalidateTopics(queryClient, [topics.passkeys]);
