import { copyOutline, logoWhatsapp, paperPlaneOutline, shareSocialOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import type { Pool } from '#contract/pools';
import { Button, buttonClass } from '../../components/button.tsx';
import { Icon } from '../../components/icon.tsx';
import { useToast } from '../../lib/toast.ts';
import { invitationChatLinks, shareInvitation } from './invitation.ts';

interface InvitationButtonProps {
  icon: string;
  testId: string;
  children: ReactNode;
  /** Passes the invitation on; says what a toast should tell once it is done (null: nothing to tell). */
  pass: () => Promise<string | null>;
  /** The toast when passing it on fails. */
  failed: string;
}

/** An outlined button that passes the pool's invitation on, and tells in a toast how that went. */
function InvitationButton({ icon, testId, children, pass, failed }: InvitationButtonProps) {
  const showToast = useToast();
  const click = async () => {
    try {
      const done = await pass();
      if (done !== null) showToast({ message: done, color: 'success' });
    } catch {
      showToast({ message: failed, color: 'danger' });
    }
  };
  return (
    <Button fill="outline" icon={icon} onClick={() => void click()} data-testid={testId}>
      {children}
    </Button>
  );
}

export function CopyCodeButton({ invitationCode }: { invitationCode: number }) {
  const copy = async () => {
    await navigator.clipboard.writeText(String(invitationCode));
    return `Código ${invitationCode} copiado al portapapeles.`;
  };
  return (
    <InvitationButton icon={copyOutline} testId="copy-code" pass={copy} failed="No se pudo copiar el código.">
      Copiar Código
    </InvitationButton>
  );
}

export function ShareInvitationButton({ pool }: { pool: Pick<Pool, 'name' | 'invitationCode'> }) {
  const share = async () =>
    (await shareInvitation(pool.name, pool.invitationCode)) === 'copied'
      ? 'Enlace de invitación copiado al portapapeles.'
      : null;
  return (
    <InvitationButton
      icon={shareSocialOutline}
      testId="share-invitation"
      pass={share}
      failed="No se pudo compartir la invitación."
    >
      Compartir invitación
    </InvitationButton>
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
