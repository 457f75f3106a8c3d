import { fingerPrintOutline, logOutOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { OpenedOnce } from '../components/opened-once.tsx';
import { ToolbarButton } from '../components/toolbar.tsx';
import { NOTIFICATION_SETTINGS_PARAM } from '../lib/paths.ts';
import { useSignOut } from '../features/accounts/api.ts';
import { useBiometricCapability } from '../features/passkeys/passkey.ts';

const NotificationSettingsModal = lazy(() =>
  import('../features/reminders/notification-settings.tsx').then((module) => ({ default: module.NotificationSettingsModal })),
);
const AccountSettingsModal = lazy(() =>
  import('../features/accounts/account-settings.tsx').then((module) => ({ default: module.AccountSettingsModal })),
);
const PasskeySettingsModal = lazy(() =>
  import('../features/passkeys/passkey-settings.tsx').then((module) => ({ default: module.PasskeySettingsModal })),
);

/**
 * The account buttons at the end of every tab's header: "Avisos" (which notifications this user gets), "Mi cuenta"
 * (the account's e-mail), this user's passkeys ("Biometría", where biometrics apply) and signing out. Signing out keeps this
 * device's passkey, so the next sign-in can use it.
 */
export function AccountButtons() {
  const signOut = useSignOut();
  return (
    <>
      <NotificationSettingsButton />
      <AccountSettingsButton />
      <PasskeySettingsButton />
      <ToolbarButton
        label="Cerrar sesión"
        icon={logOutOutline}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
        testId="sign-out"
      />
    </>
  );
}

/**
 * "Biometría", shown only where biometrics make sense: on a device with a
 * platform authenticator. Its dialog loads on the first tap and then stays,
 * so closing it can animate.
 */
function PasskeySettingsButton() {
  const capable = useBiometricCapability();
  const [isOpen, setOpen] = useState(false);
  if (!capable) return null;

  return (
    <>
      <ToolbarButton
        label="Biometría"
        icon={fingerPrintOutline}
        onClick={() => setOpen(true)}
        testId="passkey-settings"
      />
      <OpenedOnce open={isOpen}>
        <PasskeySettingsModal isOpen={isOpen} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}

/**
 * "Avisos": its dialog loads on the first tap and then stays, so closing it can animate. A reminder mail's link to the
 * settings (`paths.notificationSettings`) opens it at once.
 */
function NotificationSettingsButton() {
  const { search } = useLocation();
  const [isOpen, setOpen] = useState(() => new URLSearchParams(search).has(NOTIFICATION_SETTINGS_PARAM));
  return (
    <>
      <ToolbarButton
        label="Avisos"
        icon={notificationsOutline}
        onClick={() => setOpen(true)}
        testId="notification-settings"
      />
      <OpenedOnce open={isOpen}>
        <NotificationSettingsModal isOpen={isOpen} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}

/** "Mi cuenta": its dialog loads on the first tap and then stays, so closing it can animate. */
function AccountSettingsButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <ToolbarButton label="Mi cuenta" icon={personCircleOutline} onClick={() => setOpen(true)} testId="account-settings" />
      <OpenedOnce open={isOpen}>
        <AccountSettingsModal isOpen={isOpen} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}
