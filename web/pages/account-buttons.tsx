import { fingerPrintOutline, logOutOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { lazy, useState, type ComponentProps, type ComponentType } from 'react';
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
  // "Biometría", shown only where biometrics make sense: on a device with a platform authenticator.
  const biometrics = useBiometricCapability();
  return (
    <>
      <NotificationSettingsButton />
      <DialogButton
        label="Mi cuenta"
        icon={personCircleOutline}
        testId="account-settings"
        Dialog={AccountSettingsModal}
      />
      {biometrics && (
        <DialogButton
          label="Biometría"
          icon={fingerPrintOutline}
          testId="passkey-settings"
          Dialog={PasskeySettingsModal}
        />
      )}
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

/** "Avisos": a reminder mail's link to the settings (`paths.notificationSettings`) opens it at once. */
function NotificationSettingsButton() {
  const { search } = useLocation();
  return (
    <DialogButton
      label="Avisos"
      icon={notificationsOutline}
      testId="notification-settings"
      Dialog={NotificationSettingsModal}
      openAtFirst={() => new URLSearchParams(search).has(NOTIFICATION_SETTINGS_PARAM)}
    />
  );
}

interface DialogButtonProps extends Pick<ComponentProps<typeof ToolbarButton>, 'label' | 'icon' | 'testId'> {
  /** The settings dialog the button opens, loaded lazily. */
  Dialog: ComponentType<{ isOpen: boolean; onClose: () => void }>;
  /** Whether the dialog is open as the button first renders. */
  openAtFirst?: () => boolean;
}

/** A header's button and the settings dialog it opens: the dialog loads on the first tap and then stays, so closing it can animate. */
function DialogButton({ label, icon, testId, Dialog, openAtFirst = () => false }: DialogButtonProps) {
  const [isOpen, setOpen] = useState(openAtFirst);
  return (
    <>
      <ToolbarButton label={label} icon={icon} onClick={() => setOpen(true)} testId={testId} />
      <OpenedOnce open={isOpen}>
        <Dialog isOpen={isOpen} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}
