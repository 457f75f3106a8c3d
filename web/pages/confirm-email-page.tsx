import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { accountMessages } from '#contract/accounts';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { confirmEmail } from '../features/accounts/account-links-api.ts';
import { useStoredAccount } from '../lib/session.ts';
import { errorMessage } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { reads } from '../lib/topics.ts';

/** /confirmar-correo#<token>: the page a confirmation link opens; it confirms at once, signed in or not. */
export function ConfirmEmailPage() {
  const token = useLocation().hash.slice(1);
  const signedIn = useStoredAccount().status === 'signed-in';
  // A query, not an effect: asked once per token however often the page renders, and never again (it reads no topic).
  const confirmation = useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
    meta: reads(),
  });
  return (
    <AccountScreen
      title="Confirmar correo"
      tagline="Con tu correo confirmado puedes recibir avisos por correo y recuperar tu cuenta."
      switchLine={signedIn ? <Link to={paths.home}>Ir a Inicio</Link> : <Link to={paths.login}>Iniciar sesión</Link>}
    >
      <p className="account-page__notice" role="status" data-testid="email-confirmation">
        {confirmation.isPending
          ? 'Confirmando…'
          : confirmation.isError
            ? errorMessage(confirmation.error, accountMessages.linkInvalid)
            : confirmation.data}
      </p>
    </AccountScreen>
  );
}
