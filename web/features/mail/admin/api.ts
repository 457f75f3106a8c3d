import { queryOptions } from '@tanstack/react-query';
import { MailStatusResponseSchema } from '#contract/mail';
import { apiRequest } from '../../../lib/api-client.ts';
import { reads, topics } from '../../../lib/topics.ts';

export const mailKeys = {
  all: ['mail'] as const,
  status: () => [...mailKeys.all, 'status'] as const,
};

/** The outbox as the admin area shows it; never kept offline. */
export const mailStatusQuery = () =>
  queryOptions({
    queryKey: mailKeys.status(),
    queryFn: async () => (await apiRequest('/api/admin/mail', { schema: MailStatusResponseSchema, offlineCache: false })).data,
    meta: reads(topics.mail),
  });
