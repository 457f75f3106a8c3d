import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { mailMessages } from '#contract/mail';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { unsubscribeFromEmail } from '../features/reminders/email-unsubscribe.ts';
import { errorMessage } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';

/**
 * /baja#<token>: the page a reminder mail's "Darme de baja" opens, without signing in. Leaving takes a tap (a link
 * scanner that opens the page leaves nothing); a mail client's one-click unsubscribe posts to the API itself.
 */
export function UnsubscribePage() {
  const token = useLocation().hash.slice(1);
  const leave = useMutation({ mutationFn: () => unsubscribeFromEmail(token) });
  return (
    <AccountScreen
      title="Darse de baja"
      tagline="Deja de recibir por correo este aviso de esta quiniela. Los demás avisos siguen como estén."
      switchLine={<Link to={paths.notificationSettings}>Elegir todos mis avisos</Link>}
    >
      {leave.isIdle || leave.isPending ? (
        <button type="button" className="plain-button" disabled={leave.isPending} onClick={() => leave.mutate()} data-testid="unsubscribe">
          {mailMessages.unsubscribe}
        </button>
      ) : (
        <p className="account-page__notice" role="status" data-testid="unsubscribed">
          {leave.isError ? errorMessage(leave.error, mailMessages.unsubscribeInvalid) : leave.data}
        </p>
      )}
    </AccountScreen>
  );
}
