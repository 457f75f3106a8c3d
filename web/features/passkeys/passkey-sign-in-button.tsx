import { fingerPrintOutline } from 'ionicons/icons';
import { Icon } from '../../components/icon.tsx';
import { useBiometricCapability, useDeviceBiometrics } from './passkey.ts';
import { usePasskeySignIn } from './passkey-flow.ts';

/**
 * The sign-in screen's "use fingerprint" button (the spec's sign-in screen): only on a device
 * with a platform authenticator where biometric sign-in has been turned on.
 */
export function PasskeySignInButton() {
  const capable = useBiometricCapability();
  const device = useDeviceBiometrics();
  const passkeySignIn = usePasskeySignIn();
  if (!capable || !device.enabled) return null;

  return (
    <button
      type="button"
      className="plain-button plain-button--outline"
      disabled={passkeySignIn.isPending}
      onClick={() => passkeySignIn.mutate()}
      data-testid="passkey-sign-in"
    >
      <Icon src={fingerPrintOutline} />
      Usar huella o Face ID
    </button>
  );
}
