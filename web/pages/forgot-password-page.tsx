import { Link } from 'react-router-dom';
import { messages } from '#contract/messages';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { ForgotPasswordForm } from '../features/accounts/forgot-password-form.tsx';
import { paths } from '../lib/paths.ts';

/** /recuperar-contrasena: a reset link by mail (offered on /login only by a server that sends mail). */
export function ForgotPasswordPage() {
  return (
    <AccountScreen
      title={messages.forgotPassword}
      tagline="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      switchLine={<Link to={paths.login}>Volver a iniciar sesión</Link>}
    >
      <ForgotPasswordForm />
    </AccountScreen>
  );
}
