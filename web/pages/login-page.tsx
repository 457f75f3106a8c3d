import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { Link } from 'react-router-dom';
import { PasskeySignInButton } from '../features/auth/passkey-sign-in-button.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import './auth-page.css';

export function LoginPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Iniciar Sesión</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="auth-page">
          <div className="auth-page__brand">
            <img src="/favicon.svg" alt="" width={72} height={72} />
            <h1>Quiniela</h1>
            <p>Pronostica los partidos y compite con tus amigos.</p>
          </div>
          <SignInForm />
          <PasskeySignInButton />
          <p className="auth-page__switch">
            ¿No tienes cuenta? <Link to="/register">Regístrate</Link>
          </p>
        </div>
      </IonContent>
    </IonPage>
  );
}
