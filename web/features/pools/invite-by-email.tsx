import { useState } from 'react';
import { INVITATION_EMAILS_AT_ONCE, poolMessages, type Pool } from '#contract/pools';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { showToast } from '../../lib/toast.ts';
import { useInviteByEmail } from './writes.ts';
import './invite-by-email.css';

/** The addresses typed, separated by commas, semicolons, spaces or lines; each once. */
export const typedAddresses = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/**
 * "Invitar por correo": up to 20 addresses get the invitation link with the pool's and the inviter's names (offered
 * only by a server that sends mail; the server limits how many a day).
 */
export function InviteByEmail({ pool }: { pool: Pick<Pool, 'id'> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const invite = useInviteByEmail(pool.id);
  if (!open) {
    return (
      <button type="button" className="outline-button" onClick={() => setOpen(true)} data-testid="invite-by-email">
        {poolMessages.inviteByEmail}
      </button>
    );
  }
  return (
    <form
      className="invite-by-email"
      onSubmit={(event) => {
        event.preventDefault();
        const emails = typedAddresses(text);
        if (emails.length === 0 || emails.length > INVITATION_EMAILS_AT_ONCE) {
          showToast({ message: poolMessages.invitationEmailsInvalid, color: 'warning' });
          return;
        }
        invite.mutate(
          emails,
          outcomeToasts(({ message }) => message, 'No se pudo enviar la invitación.', () => {
            setText('');
            setOpen(false);
          }),
        );
      }}
    >
      <label className="invite-by-email__field">
        {poolMessages.inviteByEmail}
        <textarea
          value={text}
          rows={3}
          inputMode="email"
          autoComplete="off"
          placeholder="ana@example.com, beto@example.com"
          onChange={(event) => setText(event.target.value)}
          data-testid="invitation-emails"
        />
      </label>
      <p className="invite-by-email__hint">{poolMessages.invitationEmailsHint}</p>
      <div className="invite-by-email__buttons">
        <button type="button" className="outline-button" onClick={() => setOpen(false)}>
          Cancelar
        </button>
        <button type="submit" className="outline-button" disabled={invite.isPending} data-testid="send-invitations">
          Enviar invitación
        </button>
      </div>
    </form>
  );
}
