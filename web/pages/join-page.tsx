import { useEffect, useEffectEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '../components/loading-state.tsx';
import { useStoredAccount } from '../lib/session.ts';
import { rememberInvitation } from '../features/pools/invitation.ts';
import { paths } from '../lib/paths.ts';
import { useToast } from '../lib/toast.ts';

/**
 * /unirse/{code}, the link a creator shares. The code is remembered and the
 * pools tab opens the join dialog with it; a visitor who is not signed in signs
 * in first, and the app's invitation hook brings them back.
 */
export function JoinPage() {
  const { code = '' } = useParams();
  const account = useStoredAccount();
  const navigate = useNavigate();
  const showToast = useToast();

  const openInvitation = useEffectEvent(() => {
    rememberInvitation(code);
    if (account.status === 'signed-in') {
      void navigate(paths.pools, { replace: true });
      return;
    }
    showToast({ message: 'Inicia sesión para unirte a la quiniela.', color: 'medium' });
    void navigate(paths.login, { replace: true });
  });
  useEffect(() => openInvitation(), [code]);

  return (
    <div className="plain-screen">
      <LoadingState text="Abriendo la invitación..." />
    </div>
  );
}
