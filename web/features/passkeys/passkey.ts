import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';
import type { SignInResponse } from '#contract/accounts';
import type { Passkey, PasskeyRegisteredResponse } from '#contract/passkeys';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { loadContract, loadedContract } from '../../lib/contract.ts';
import { createLocalStore } from '../../lib/local-store.ts';
import { useAnswer } from '../../lib/use-answer.ts';

/*
 * Biometric sign-in (the spec's sign-in screen and flow) is a WebAuthn passkey
 * whose every ceremony the server verifies. The spec's request constants (ES256,
 * platform authenticator, user verification required, 60 s) come in the
 * server's options and are passed to the browser untouched.
 */

// ---------------------------------------------------------------------------
// This device's biometrics: the two local keys the spec names.

export const CREDENTIAL_ID_KEY = 'auth_credId';
export const BIOMETRICS_ENABLED_KEY = 'auth_bio_enabled';

export interface DeviceBiometrics {
  /** The passkey registered on this device, sent as `credentialId` when signing in with it. */
  credentialId: string | null;
  /** Biometric sign-in is on for this device: the flag is 'true' and a credential id is kept. */
  enabled: boolean;
}

export function parseDeviceBiometrics(rawCredentialId: string | null, rawEnabled: string | null): DeviceBiometrics {
  const credentialId = rawCredentialId === null || rawCredentialId === '' ? null : rawCredentialId;
  return { credentialId, enabled: rawEnabled === 'true' && credentialId !== null };
}

/** This device's keys; its subscribers also hear of "Ahora No" (`useBiometricsOfferDeclined`). */
const store = createLocalStore(
  () => [localStorage.getItem(CREDENTIAL_ID_KEY), localStorage.getItem(BIOMETRICS_ENABLED_KEY)],
  parseDeviceBiometrics,
);

export const readDeviceBiometrics = (): DeviceBiometrics => store.read();

/** Remembers the passkey just registered here. Signing out keeps it, so the next sign-in can use it. */
export function enableDeviceBiometrics(credentialId: string): void {
  localStorage.setItem(CREDENTIAL_ID_KEY, credentialId);
  localStorage.setItem(BIOMETRICS_ENABLED_KEY, 'true');
  store.changed();
}

/** Forgets this device's passkey (it was removed, or the server no longer knows it). */
export function disableDeviceBiometrics(): void {
  localStorage.removeItem(CREDENTIAL_ID_KEY);
  localStorage.setItem(BIOMETRICS_ENABLED_KEY, 'false');
  store.changed();
}

export function useDeviceBiometrics(): DeviceBiometrics {
  return useSyncExternalStore(store.subscribe, store.read);
}

// ---------------------------------------------------------------------------
// 'Ahora No': remembered per user on this device, so the offer does not come back at every sign-in.

/** `auth_bio_declined_<userId>` = 'true': this user answered 'Ahora No' to the offer on this device. */
export const biometricsOfferDeclinedKey = (userId: number) => `auth_bio_declined_${userId}`;

export function isBiometricsOfferDeclined(userId: number): boolean {
  return localStorage.getItem(biometricsOfferDeclinedKey(userId)) === 'true';
}

export function declineBiometricsOffer(userId: number): void {
  localStorage.setItem(biometricsOfferDeclinedKey(userId), 'true');
  store.changed();
}

/** Offer registration again at this user's next sign-in on this device ("Biometría", or a registration). */
export function restoreBiometricsOffer(userId: number): void {
  localStorage.removeItem(biometricsOfferDeclinedKey(userId));
  store.changed();
}

export function useBiometricsOfferDeclined(userId: number | null): boolean {
  return useSyncExternalStore(store.subscribe, () => userId !== null && isBiometricsOfferDeclined(userId));
}

/**
 * The WebAuthn library (11 kB), loaded for a ceremony only: every first load runs this module (the sign-in
 * screen, the account buttons), and none of them needs the library until a passkey is used.
 */
const webAuthn = () => import('@simplewebauthn/browser');

// ---------------------------------------------------------------------------
// Capability: a user-verifying platform authenticator (fingerprint, face).

let capability: Promise<boolean> | null = null;

/**
 * Whether this device has a platform authenticator that verifies the user. Asked once per page load,
 * of the browser itself (what the library's `platformAuthenticatorIsAvailable` asks), so no screen
 * loads the library to know whether to offer biometrics.
 */
export function isBiometricCapable(): Promise<boolean> {
  capability ??= (
    typeof PublicKeyCredential === 'function'
      ? PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
      : Promise.resolve(false)
  ).catch(() => false);
  return capability;
}

let availableHere: Promise<boolean> | null = null;

/**
 * Whether passkeys can work on this page's origin: the server's configured origins
 * (`GET /auth/passkeys/availability`). On any other (e.g. http://127.0.0.1:PORT, an IP
 * address, which WebAuthn refuses) registering would always fail. Asked once per page load.
 */
export function passkeysWorkHere(): Promise<boolean> {
  availableHere ??= (async () => {
    const { PasskeyAvailabilityResponseSchema } = await loadContract();
    const answer = await apiRequest(
      `/auth/passkeys/availability?origin=${encodeURIComponent(window.location.origin)}`,
      {
        schema: PasskeyAvailabilityResponseSchema,
        authenticated: false,
      },
    );
    return answer.available;
  })().catch(() => {
    // Unknown (offline, say): ask again next time.
    availableHere = null;
    return false;
  });
  return availableHere;
}

/** `false` until the browser has answered, so nothing biometric flashes on a device without it. */
export function useBiometricCapability(): boolean {
  return useAnswer(isBiometricCapable, false);
}

// ---------------------------------------------------------------------------
// Ceremonies, each verified by the server.

/**
 * Signs in with a passkey: options from the server (restricted to this
 * device's credential when there is one), the platform prompt, then the
 * server's verification, which answers exactly like `/auth/signin`.
 */
export async function authenticateWithPasskey(credentialId: string | null): Promise<SignInResponse> {
  const { PasskeyOptionsResponseSchema, SignInResponseSchema } = await loadContract();
  const options = await apiRequest('/auth/passkeys/login/options', {
    method: 'POST',
    body: credentialId ? { credentialId } : {},
    schema: PasskeyOptionsResponseSchema,
    authenticated: false,
  });
  // The options are @simplewebauthn/server's own output, passed through as they are.
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({ optionsJSON: options.data });
  return apiRequest('/auth/passkeys/login/verify', {
    method: 'POST',
    body: { response },
    schema: SignInResponseSchema,
    authenticated: false,
  });
}

/** Registers a passkey on this device for the signed-in user and returns the server's answer. */
export async function registerPasskey(): Promise<PasskeyRegisteredResponse> {
  const { PasskeyOptionsResponseSchema, PasskeyRegisteredResponseSchema } = await loadContract();
  const options = await apiRequest('/auth/passkeys/register/options', {
    method: 'POST',
    schema: PasskeyOptionsResponseSchema,
  });
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({
    optionsJSON: options.data as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiRequest('/auth/passkeys/register/verify', {
    method: 'POST',
    body: { response },
    schema: PasskeyRegisteredResponseSchema,
  });
}

export async function listPasskeys(): Promise<Passkey[]> {
  const { PasskeyListResponseSchema } = await loadContract();
  return (await apiRequest('/auth/passkeys', { schema: PasskeyListResponseSchema })).data;
}

export async function removePasskey(id: string): Promise<string> {
  const { MessageResponseSchema } = await loadContract();
  const response = await apiRequest(`/auth/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponseSchema,
  });
  return response.message;
}

/**
 * The server answered that the passkey it was shown is not (or no longer)
 * registered. An answer from the server means the contract is loaded.
 */
export function isUnknownCredential(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 401 &&
    error.serverMessage === loadedContract().passkeyMessages.credentialUnknown
  );
}

/**
 * Tells the browser that a passkey is gone on the server, so its password
 * manager can stop offering it (WebAuthn signals; best effort, where supported).
 */
export function forgetCredentialOnDevice(credentialId: string): void {
  void webAuthn()
    .then(({ sendSignal }) =>
      sendSignal({ signalName: 'unknownCredential', rpID: window.location.hostname, credentialID: credentialId }),
    )
    .catch(() => undefined);
}

/**
 * Ends a session that is not the one kept on this device (the extra session a
 * verification ceremony opens). Best effort: it expires on its own anyway.
 */
export function revokeSession(accessToken: string): void {
  void fetch('/auth/signout', { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` } }).catch(
    () => undefined,
  );
}
