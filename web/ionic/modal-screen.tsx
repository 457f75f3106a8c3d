import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { ComponentType, ReactNode } from 'react';

interface ModalScreenProps {
  /** The toolbar's title, and the dialog's accessible name. */
  title: string;
  isOpen: boolean;
  /** Called when the dialog is gone, however it was closed (its button, Escape, the backdrop). */
  onClose: () => void;
  /** The toolbar's button that closes the dialog ("Cancelar", "Cerrar"). */
  closeText: string;
  /** Where that button sits: before the title (a form's "Cancelar") or after it. */
  closeAt?: 'start' | 'end';
  children: ReactNode;
}

/**
 * A screen over the current one, in Ionic's modal: a toolbar with the title and
 * a button that closes it, then the padded content.
 */
export function ModalScreen({ title, isOpen, onClose, closeText, closeAt = 'start', children }: ModalScreenProps) {
  const close = (
    <IonButtons slot={closeAt}>
      <IonButton onClick={onClose}>{closeText}</IonButton>
    </IonButtons>
  );
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} aria-label={title}>
      <IonHeader>
        <IonToolbar>
          {closeAt === 'start' && close}
          <IonTitle>{title}</IonTitle>
          {closeAt === 'end' && close}
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{children}</IonContent>
    </IonModal>
  );
}

/** A settings dialog's props: the account buttons (web/pages/account-buttons.tsx) open and close it. */
export interface SettingsModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * A settings dialog ("Avisos", "Mi cuenta", "Biometría"): `Content` under `title`, closed by "Cerrar" after the title,
 * and mounted only while the dialog is open, so each opening asks the server afresh.
 */
export function settingsModal(title: string, Content: ComponentType): ComponentType<SettingsModalProps> {
  return function SettingsModal({ isOpen, onClose }: SettingsModalProps) {
    return (
      <ModalScreen title={title} isOpen={isOpen} onClose={onClose} closeText="Cerrar" closeAt="end">
        {isOpen && <Content />}
      </ModalScreen>
    );
  };
}
