import { Link, useLocation } from 'react-router-dom';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { ResetPasswordForm } from '../features/accounts/reset-password-form.tsx';
import { paths } from '../lib/paths.ts';

/** /nueva-contrasena#<token>: the page a reset link opens (its token never reaches a server's log: contract/links.ts). */
export function ResetPasswordPage() {
  const token = useLocation().hash.slice(1);
  return (
    <AccountScreen
      title="Nueva contraseña"
      tagline="Elige tu contraseña nueva (al menos 8 caracteres). Se cerrarán todas tus otras sesiones."
      switchLine={<Link to={paths.forgotPassword}>Pedir otro enlace</Link>}
    >
      <ResetPasswordForm token={token} />
    </AccountScreen>
  );
}
