import { copyOutline, logoWhatsapp, paperPlaneOutline, shareSocialOutline } from 'ionicons/icons';
import type { Pool } from '#contract/pools';
import { buttonClass } from '../../components/button.tsx';
import { Icon } from '../../components/icon.tsx';
import { ToastButton } from '../../components/toast-button.tsx';
import { invitationChatLinks, shareInvitation } from './invitation.ts';

export function CopyCodeButton({ invitationCode }: { invitationCode: number }) {
  const copy = async () => {
    await navigator.clipboard.writeText(String(invitationCode));
    return `Código ${invitationCode} copiado al portapapeles.`;
  };
  return (
    <ToastButton icon={copyOutline} testId="copy-code" act={copy} failed="No se pudo copiar el código.">
      Copiar Código
    </ToastButton>
  );
}

export function ShareInvitationButton({ pool }: { pool: Pick<Pool, 'name' | 'invitationCode'> }) {
  const share = async () =>
    (await shareInvitation(pool.name, pool.invitationCode)) === 'copied'
      ? 'Enlace de invitación copiado al portapapeles.'
      : null;
  return (
    <ToastButton
      icon={shareSocialOutline}
      testId="share-invitation"
      act={share}
      failed="No se pudo compartir la invitación."
    >
      Compartir invitación
    </ToastButton>
  );
}

/** Without a system share sheet: the invitation straight to WhatsApp or Telegram (copying stays on the share button). */
export function ChatInvitationLinks({ pool }: { pool: Pick<Pool, 'name' | 'invitationCode'> }) {
  const links = invitationChatLinks(pool.name, pool.invitationCode);
  if (!links) return null;
  return (
    <div className="invitation-chats" data-testid="invitation-chats">
      <a className={buttonClass('clear')} href={links.whatsapp} target="_blank" rel="noopener noreferrer">
        <Icon src={logoWhatsapp} />
        Enviar por WhatsApp
      </a>
      <a className={buttonClass('clear')} href={links.telegram} target="_blank" rel="noopener noreferrer">
        <Icon src={paperPlaneOutline} />
        Enviar por Telegram
      </a>
    </div>
  );
}
