import { Link } from 'react-router-dom';
import { AccountScreen } from '../features/accounts/account-screen.tsx';
import { SignUpForm } from '../features/accounts/sign-up-form.tsx';
import { paths } from '../lib/paths.ts';

export function RegisterPage() {
  return (
    <AccountScreen
      title="Crear cuenta"
      tagline="Crea tu cuenta para unirte a las quinielas."
      switchLine={
        <>
          ¿Ya tienes cuenta? <Link to={paths.login}>Inicia sesión</Link>
        </>
      }
    >
      <SignUpForm />
    </AccountScreen>
  );
}
