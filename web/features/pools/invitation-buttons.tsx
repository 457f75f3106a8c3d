import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline, shareSocialOutline } from 'ionicons/icons';
import type { Pool } from '#contract/index';
import { useToast } from '../../lib/toast.ts';
import { shareInvitation } from './invitation.ts';

export function CopyCodeButton({ invitationCode }: { invitationCode: number }) {
  const showToast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(invitationCode));
      showToast({ message: `Código ${invitationCode} copiado al portapapeles.`, color: 'success' });
    } catch {
      showToast({ message: 'No se pudo copiar el código.', color: 'danger' });
    }
  };
  return (
    <IonButton fill="outline" onClick={() => void copy()} data-testid="copy-code">
      <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
      Copiar Código
    </IonButton>
  );
}

export function ShareInvitationButton({ pool }: { pool: Pick<Pool, 'name' | 'invitationCode'> }) {
  const showToast = useToast();
  const share = async () => {
    try {
      const outcome = await shareInvitation(pool.name, pool.invitationCode);
      if (outcome === 'copied') showToast({ message: 'Enlace de invitación copiado al portapapeles.', color: 'success' });
    } catch {
      showToast({ message: 'No se pudo compartir la invitación.', color: 'danger' });
    }
  };
  return (
    <IonButton fill="outline" onClick={() => void share()} data-testid="share-invitation">
      <IonIcon slot="start" icon={shareSocialOutline} aria-hidden="true" />
      Compartir invitación
    </IonButton>
  );
}
