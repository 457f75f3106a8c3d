import { apiRequest } from '../../lib/api-client.ts';
import { loadContract } from '../../lib/contract.ts';

/* Apart from api.ts, which every screen loads: only the /baja page (web/pages/unsubscribe-page.tsx) brings it. */

/** An e-mail reminder left from its mail's link, without a session: the link's signed token is the proof. */
export async function unsubscribeFromEmail(token: string): Promise<string> {
  const { MessageResponseSchema } = await loadContract();
  return (
    await apiRequest(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      schema: MessageResponseSchema,
      authenticated: false,
    })
  ).message;
}
