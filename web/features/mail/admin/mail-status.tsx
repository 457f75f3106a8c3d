import { useQuery } from '@tanstack/react-query';
import { mailMessages, type MailStatus } from '#contract/mail';
import { formatShortDateTime } from '../../../lib/format-date.ts';
import { mailStatusQuery } from './api.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Correo: sin configurar", or the sender and the outbox: what waits, what is going, what failed and why last. */
export function MailStatusLine() {
  const status = useQuery(mailStatusQuery());
  if (!status.data) return null;
  return (
    <p className="admin__hint" data-testid="mail-status">
      {describe(status.data)}
    </p>
  );
}

function describe({ configured, from, queued, sending, failed, lastFailure }: MailStatus): string {
  if (!configured) return `${mailMessages.statusNotConfigured}: nadie recibe correos de este servidor, y los enlaces para elegir contraseña se entregan en mano.`;
  const counts = [count(queued, 'en cola', 'en cola'), count(sending, 'enviándose', 'enviándose'), count(failed, 'fallido', 'fallidos')].join(' · ');
  const last = lastFailure ? ` Último fallo (${formatShortDateTime(lastFailure.at)}): ${lastFailure.error}` : '';
  return `Correo: lo envía ${from ?? ''}. ${counts}.${last}`;
}
