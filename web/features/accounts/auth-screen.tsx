import type { ReactNode } from 'react';
import { PlainScreen } from '../../components/plain-screen.tsx';
import './auth-screen.css';

interface AuthScreenProps {
  title: string;
  tagline: string;
  /** The form and its buttons. */
  children: ReactNode;
  /** The line that links to the other screen (sign in ↔ register). */
  switchLine: ReactNode;
}

/** The sign-in and register screens' shared layout: brand, form, link to the other screen. */
export function AuthScreen({ title, tagline, children, switchLine }: AuthScreenProps) {
  return (
    <PlainScreen title={title}>
      <div className="auth-page">
        <div className="auth-page__brand">
          <img src="/favicon.svg" alt="" width={72} height={72} />
          <p className="auth-page__name">Quiniela</p>
          <p>{tagline}</p>
        </div>
        {children}
        <p className="auth-page__switch">{switchLine}</p>
      </div>
    </PlainScreen>
  );
}
