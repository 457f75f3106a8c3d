import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { Link } from 'react-router-dom';
import { SignUpForm } from '../features/auth/sign-up-form.tsx';
import './auth-page.css';

export function RegisterPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Crear cuenta</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="auth-page">
          <div className="auth-page__brand">
            <img src="/favicon.svg" alt="" width={72} height={72} />
            <h1>Quiniela</h1>
            <p>Crea tu cuenta para unirte a las quinielas.</p>
          </div>
          <SignUpForm />
          <p className="auth-page__switch">
            ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
          </p>
        </div>
      </IonContent>
    </IonPage>
  );
}
