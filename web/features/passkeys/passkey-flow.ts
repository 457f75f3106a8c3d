import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SignInResponse } from '#contract/accounts';
import { messages } from '#contract/messages';
import { presentAlert } from '../../lib/alert.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { loadContract } from '../../lib/contract.ts';
import { paths } from '../../lib/paths.ts';
import { useToast } from '../../lib/toast.ts';
import {
  authenticateWithPasskey,
  declineBiometricsOffer,
  disableDeviceBiometrics,
  enableDeviceBiometrics,
  forgetCredentialOnDevice,
  isBiometricCapable,
  isBiometricsOfferDeclined,
  isUnknownCredential,
  listPasskeys,
  passkeysWorkHere,
  readDeviceBiometrics,
  registerPasskey,
  restoreBiometricsOffer,
  revokeSession,
} from './passkey.ts';
import { clearStoredAccount, readStoredAccount, storeSignIn } from '../../lib/session.ts';
import { invalidatePasskeys } from './api.ts';

function useGoHome(): () => void {
  const navigate = useNavigate();
  return useCallback(() => void navigate(paths.home, { replace: true }), [navigate]);
}

/** The "use fingerprint" button's action: sign in with this device's passkey and go home. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const goHome = useGoHome();
  return useMutation({
    mutationFn: () => authenticateWithPasskey(readDeviceBiometrics().credentialId),
    onSuccess: (response) => {
      queryClient.clear();
      storeSignIn(response);
      goHome();
    },
    onError: async (error) => {
      // A passkey the server no longer knows would fail every time: stop offering it.
      const { credentialId } = readDeviceBiometrics();
      if (isUnknownCredential(error) && credentialId) {
        disableDeviceBiometrics();
        forgetCredentialOnDevice(credentialId);
      }
      const { passkeyMessages } = await loadContract();
      showToast({ message: errorMessage(error, passkeyMessages.signInFailed), color: 'danger' });
    },
  });
}

/**
 * Registers a passkey on this device for the signed-in user and turns biometric
 * sign-in on here. Resolves to whether it worked; the toasts are shown here.
 */
export function useRegisterBiometrics(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const showToast = useToast();
  return useCallback(async () => {
    const { passkeyMessages } = await loadContract();
    const account = readStoredAccount();
    if (account.status !== 'signed-in') {
      showToast({ message: passkeyMessages.profileMissing, color: 'danger' });
      return false;
    }
    try {
      const registered = await registerPasskey();
      enableDeviceBiometrics(registered.data.credentialId);
      restoreBiometricsOffer(account.userProfile.id);
      showToast({ message: registered.message, color: 'success' });
      return true;
    } catch (error) {
      showToast({ message: errorMessage(error, passkeyMessages.registrationFailed), color: 'danger' });
      return false;
    } finally {
      void invalidatePasskeys(queryClient);
    }
  }, [queryClient, showToast]);
}

/** Whether `credentialId` is one of the signed-in user's passkeys (it may belong to someone else who uses this device). */
async function isOwnPasskey(credentialId: string): Promise<boolean> {
  try {
    return (await listPasskeys()).some((passkey) => passkey.id === credentialId);
  } catch {
    // Unknown: ask for the verification rather than skip it.
    return true;
  }
}

/**
 * What follows a successful password sign-in (the spec's sign-in screen and flow):
 * - no platform authenticator, or a page origin where passkeys cannot work
 *   (not one of the server's configured origins, e.g. an IP address): straight home;
 * - biometrics enabled here for this user: a verification ceremony, home if it
 *   confirms the same person, otherwise back to the form with the session discarded;
 * - otherwise: the offer to register ('Registrar Biometría' / 'Ahora No'), home either way,
 *   unless this user answered 'Ahora No' on this device before (`auth_bio_declined_<userId>`;
 *   "Biometría" can bring the offer back).
 */
export function useBiometricFollowUp() {
  const [isPending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const showToast = useToast();
  const goHome = useGoHome();
  const registerBiometrics = useRegisterBiometrics();

  const finishHome = useCallback(() => {
    setPending(false);
    goHome();
  }, [goHome]);

  /** Back to the form: the password session is revoked and forgotten. */
  const discardSession = useCallback(async () => {
    const { MessageResponseSchema } = await loadContract();
    await apiRequest('/auth/signout', { method: 'POST', schema: MessageResponseSchema }).catch(() => undefined);
    clearStoredAccount();
    queryClient.clear();
    setPending(false);
  }, [queryClient]);

  /** 'Cancelar' on the verification: the password sign-in is not kept, and the user is told so. */
  const cancelVerification = useCallback(async () => {
    await discardSession();
    const { passkeyMessages } = await loadContract();
    showToast({ message: passkeyMessages.signInCancelled, color: 'medium' });
  }, [discardSession, showToast]);

  const verify = useCallback(
    async (signedIn: SignInResponse, credentialId: string) => {
      try {
        const confirmed = await authenticateWithPasskey(credentialId);
        // The ceremony opened a second session; the password one is kept.
        revokeSession(confirmed.session.accessToken);
        if (confirmed.userProfile.id !== signedIn.userProfile.id)
          throw new Error('The passkey belongs to another user.');
        finishHome();
      } catch (error) {
        if (isUnknownCredential(error)) {
          disableDeviceBiometrics();
          forgetCredentialOnDevice(credentialId);
        }
        const { passkeyMessages } = await loadContract();
        showToast({ message: passkeyMessages.verificationFailed, color: 'danger' });
        await discardSession();
      }
    },
    [discardSession, finishHome, showToast],
  );

  const askForVerification = useCallback(
    (signedIn: SignInResponse, credentialId: string) =>
      presentAlert({
        header: 'Verificación biométrica',
        message: 'Confirma que eres tú con tu huella o Face ID para continuar.',
        backdropDismiss: false,
        buttons: [
          { text: 'Cancelar', role: 'cancel', handler: () => void cancelVerification() },
          { text: 'Verificar', handler: () => void verify(signedIn, credentialId) },
        ],
      }),
    [cancelVerification, verify],
  );

  const offerRegistration = useCallback(
    (signedIn: SignInResponse) =>
      presentAlert({
        header: 'Inicio con huella',
        message: '¿Quieres iniciar sesión con tu huella o Face ID la próxima vez?',
        backdropDismiss: false,
        buttons: [
          {
            text: 'Ahora No',
            role: 'cancel',
            handler: () => {
              declineBiometricsOffer(signedIn.userProfile.id);
              finishHome();
            },
          },
          {
            text: 'Registrar Biometría',
            // The password sign-in succeeded: home whatever the registration does.
            handler: () => void registerBiometrics().finally(finishHome),
          },
        ],
      }),
    [finishHome, registerBiometrics],
  );

  const start = useCallback(
    async (signedIn: SignInResponse) => {
      setPending(true);
      try {
        if (!(await isBiometricCapable()) || !(await passkeysWorkHere())) {
          finishHome();
          return;
        }
        const device = readDeviceBiometrics();
        if (device.enabled && device.credentialId && (await isOwnPasskey(device.credentialId))) {
          await askForVerification(signedIn, device.credentialId);
        } else if (isBiometricsOfferDeclined(signedIn.userProfile.id)) {
          finishHome();
        } else {
          await offerRegistration(signedIn);
        }
      } catch {
        showToast({ message: messages.unknownError, color: 'danger' });
        finishHome();
      }
    },
    [askForVerification, finishHome, offerRegistration, showToast],
  );

  return { start, isPending };
}
