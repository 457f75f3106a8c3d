import { Link } from 'react-router-dom';
import { AuthScreen } from '../features/auth/auth-screen.tsx';
import { PasskeySignInButton } from '../features/auth/passkey-sign-in-button.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { useSignInNotice } from '../features/auth/sign-in-notice.ts';

export function LoginPage() {
  const notice = useSignInNotice();
  return (
    <AuthScreen
      title="Iniciar Sesión"
      tagline="Pronostica los partidos y compite con tus amigos."
      switchLine={
        <>
          ¿No tienes cuenta? <Link to="/register">Regístrate</Link>
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
