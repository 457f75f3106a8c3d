import { MailStatusResponseSchema } from '#contract/mail';
import { apiQuery } from '../../../lib/api-query.ts';
import { topics } from '../../../lib/topics.ts';

export const mailKeys = {
  all: ['mail'] as const,
  status: () => [...mailKeys.all, 'status'] as const,
};

/** The outbox as the admin area shows it; never kept offline. */
export const mailStatusQuery = () =>
  apiQuery(mailKeys.status(), '/api/admin/mail', MailStatusResponseSchema, [topics.mail], { offlineCache: false });
