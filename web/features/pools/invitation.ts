import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isInvitationPath, paths } from '../../lib/paths.ts';
import { shareSheetTakes, shareWithSheet } from '../../lib/share.ts';

/** Survives the sign-in redirect, and dies with the browser tab. */
const PENDING_INVITATION_KEY = 'pendingInvitationCode';

/** The link a creator shares; it opens the join dialog with the code filled in. */
export function invitationLink(invitationCode: number): string {
  return `${window.location.origin}${paths.invitation(invitationCode)}`;
}

/** Only a 6-digit code is kept; anything else still opens the dialog, empty. */
export function rememberInvitation(code: string): void {
  sessionStorage.setItem(PENDING_INVITATION_KEY, /^\d{6}$/.test(code) ? code : '');
}

/** The remembered code: null when there is none. It stays until the join dialog it opened closes. */
export function pendingInvitation(): string | null {
  return sessionStorage.getItem(PENDING_INVITATION_KEY);
}

export function forgetPendingInvitation(): void {
  sessionStorage.removeItem(PENDING_INVITATION_KEY);
}

/**
 * After sign-in the app lands on the home tab; an invitation opened before
 * signing in continues on the pools tab, whose join dialog takes the code.
 * (The join route itself navigates on its own.)
 */
export function useResumeInvitation(signedIn: boolean): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const elsewhere = pathname !== paths.pools && !isInvitationPath(pathname);
    if (signedIn && elsewhere && sessionStorage.getItem(PENDING_INVITATION_KEY) !== null) {
      void navigate(paths.pools, { replace: true });
    }
  }, [pathname, signedIn, navigate]);
}

/** What an invitation says wherever it goes. */
export function invitationShareData(poolName: string, invitationCode: number): ShareData & { text: string; url: string } {
  return {
    title: poolName,
    text: `Únete a mi quiniela «${poolName}» con el código ${invitationCode}`,
    url: invitationLink(invitationCode),
  };
}

/**
 * Links that open WhatsApp and Telegram with the invitation written, for a browser without a system share sheet
 * (most desktops); null where the sheet is there, as it already lists those apps.
 */
export function invitationChatLinks(poolName: string, invitationCode: number): { whatsapp: string; telegram: string } | null {
  const data = invitationShareData(poolName, invitationCode);
  if (shareSheetTakes(data)) return null;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${data.text} ${data.url}`)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(data.url)}&text=${encodeURIComponent(data.text)}`,
  };
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/** The Web Share sheet (WhatsApp and friends) where there is one; else the link goes to the clipboard. */
export async function shareInvitation(poolName: string, invitationCode: number): Promise<ShareOutcome> {
  const url = invitationLink(invitationCode);
  const outcome = await shareWithSheet(invitationShareData(poolName, invitationCode));
  if (outcome !== 'unavailable') return outcome;
  await navigator.clipboard.writeText(url);
  return 'copied';
}
