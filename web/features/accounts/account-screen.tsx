import type { ReactNode } from 'react';
import { PlainScreen } from '../../components/plain-screen.tsx';
import './account-screen.css';

interface AccountScreenProps {
  title: string;
  tagline: string;
  /** The form and its buttons. */
  children: ReactNode;
  /** The line that links to the other screen (sign in ↔ register). */
  switchLine: ReactNode;
}

/** The sign-in and register screens' shared layout: brand, form, link to the other screen. */
export function AccountScreen({ title, tagline, children, switchLine }: AccountScreenProps) {
  return (
    <PlainScreen title={title}>
      <div className="account-page">
        <div className="account-page__brand">
          <img src="/favicon.svg" alt="" width={72} height={72} />
          <p className="account-page__name">Quiniela</p>
          <p>{tagline}</p>
        </div>
        {children}
        <p className="account-page__switch">{switchLine}</p>
      </div>
    </PlainScreen>
  );
}
