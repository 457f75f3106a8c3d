import { Link } from 'react-router-dom';
import { AuthScreen } from '../features/accounts/auth-screen.tsx';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button.tsx';
import { SignInForm } from '../features/accounts/sign-in-form.tsx';
import { useSignInNotice } from '../features/accounts/sign-in-notice.ts';
import { paths } from '../lib/paths.ts';

export function LoginPage() {
  const notice = useSignInNotice();
  return (
    <AuthScreen
      title="Iniciar Sesión"
      tagline="Pronostica los partidos y compite con tus amigos."
      switchLine={
        <>
          ¿No tienes cuenta? <Link to={paths.register}>Regístrate</Link>
        </>
      }
    >
      {notice && (
        <p className="auth-page__notice" role="alert" data-testid="sign-in-notice">
          {notice}
        </p>
      )}
      <SignInForm />
      <PasskeySignInButton />
    </AuthScreen>
  );
}
