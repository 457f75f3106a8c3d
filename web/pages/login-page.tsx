import { Link } from 'react-router-dom';
import { messages } from '#contract/messages';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { useSignInNotice } from '../features/accounts/sign-in-notice.ts';
import { useMailAvailable } from '../features/accounts/mail-availability.ts';
import { paths } from '../lib/paths.ts';

export function LoginPage() {
  const notice = useSignInNotice();
  return (
    <AccountScreen
      title="Iniciar Sesión"
      tagline="Pronostica los partidos y compite con tus amigos."
      switchLine={
        <>
          ¿No tienes cuenta? <Link to={paths.register}>Regístrate</Link>
        </>
      }
    >
      {notice && (
        <p className="account-page__notice" role="alert" data-testid="sign-in-notice">
          {notice}
        </p>
      )}
      <SignInForm />
      <ForgotPasswordLink />
      <PasskeySignInButton />
    </AccountScreen>
  );
}

/** "¿Olvidaste tu contraseña?", offered only by a server that sends mail. */
function ForgotPasswordLink() {
  if (!useMailAvailable()) return null;
  return (
    <p className="account-page__switch">
      <Link to={paths.forgotPassword} data-testid="forgot-password">
        {messages.forgotPassword}
      </Link>
    </p>
  );
}
