import { Link } from 'react-router-dom';
import { AuthScreen } from '../features/accounts/auth-screen.tsx';
import { SignUpForm } from '../features/accounts/sign-up-form.tsx';

export function RegisterPage() {
  return (
    <AuthScreen
      title="Crear cuenta"
      tagline="Crea tu cuenta para unirte a las quinielas."
      switchLine={
        <>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </>
      }
    >
      <SignUpForm />
    </AuthScreen>
  );
}
