import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyMessages } from '#contract/passkeys';
import { ApiRequestError, configureApiClient } from '../../lib/api-client.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import {
  authenticateWithPasskey,
  disableDeviceBiometrics,
  enableDeviceBiometrics,
  isUnknownCredential,
  parseDeviceBiometrics,
  readDeviceBiometrics,
  registerPasskey,
} from './passkey.ts';
import { clearStoredAccount, storeSignIn } from '../../lib/session.ts';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof SimpleWebAuthnBrowser>()),
  startAuthentication: browser.startAuthentication,
  startRegistration: browser.startRegistration,
}));

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const sent = (call: number) => {
  const [path, init] = fetchMock.mock.calls[call] ?? [];
  return {
    path,
    body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown,
    headers: new Headers(init?.headers),
  };
};

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const userProfile = { id: 4, name: 'Ana', email: 'ana@example.com', role: 'user' } as const;
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

beforeEach(() => {
  configureApiClient({ getAccessToken: () => 'token-123', onUnauthorized: () => {} });
});

afterEach(() => {
  browser.startAuthentication.mockReset();
  browser.startRegistration.mockReset();
  localStorage.clear();
});

describe("this device's biometric keys", () => {
  it('is enabled only with the flag set to "true" and a credential id', () => {
    expect(parseDeviceBiometrics(null, null)).toEqual({ credentialId: null, enabled: false });
    expect(parseDeviceBiometrics('cred-1', 'true')).toEqual({ credentialId: 'cred-1', enabled: true });
    expect(parseDeviceBiometrics('cred-1', 'false')).toEqual({ credentialId: 'cred-1', enabled: false });
    expect(parseDeviceBiometrics(null, 'true')).toEqual({ credentialId: null, enabled: false });
    expect(parseDeviceBiometrics('', 'true')).toEqual({ credentialId: null, enabled: false });
  });

  it('keeps the spec keys auth_credId and auth_bio_enabled', () => {
    enableDeviceBiometrics('cred-1');
    expect(localStorage.getItem('auth_credId')).toBe('cred-1');
    expect(localStorage.getItem('auth_bio_enabled')).toBe('true');
    expect(readDeviceBiometrics()).toEqual({ credentialId: 'cred-1', enabled: true });

    disableDeviceBiometrics();
    expect(localStorage.getItem('auth_credId')).toBeNull();
    expect(localStorage.getItem('auth_bio_enabled')).toBe('false');
    expect(readDeviceBiometrics()).toEqual({ credentialId: null, enabled: false });
  });

  it('survives signing out, so the next sign-in can use the passkey', () => {
    storeSignIn({ session, userProfile });
    enableDeviceBiometrics('cred-1');
    clearStoredAccount();
    expect(readDeviceBiometrics()).toEqual({ credentialId: 'cred-1', enabled: true });
  });
});

describe('authenticateWithPasskey', () => {
  it("asks for this device's credential, runs the ceremony on the server's options and returns the session", async () => {
    const options = { challenge: 'abc', rpId: 'localhost', timeout: 60000, userVerification: 'required' };
    fetchMock
      .mockResolvedValueOnce(json(200, { data: options }))
      .mockResolvedValueOnce(json(200, { session, userProfile }));
    browser.startAuthentication.mockResolvedValue(assertion);

    await expect(authenticateWithPasskey('cred-1')).resolves.toEqual({ session, userProfile });

    expect(sent(0)).toMatchObject({ path: '/auth/passkeys/login/options', body: { credentialId: 'cred-1' } });
    expect(sent(0).headers.has('Authorization')).toBe(false);
    // The server's options reach the browser untouched (the spec's biometric request constants included).
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(sent(1)).toMatchObject({ path: '/auth/passkeys/login/verify', body: { response: assertion } });
  });

  it("carries the server's refusal", async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { challenge: 'abc' } }))
      .mockResolvedValueOnce(
        json(401, { statusCode: 401, error: 'Unauthorized', message: passkeyMessages.credentialUnknown }),
      );
    browser.startAuthentication.mockResolvedValue(assertion);

    const failure = authenticateWithPasskey('cred-1');
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    expect(isUnknownCredential(await failure.catch((error: unknown) => error))).toBe(true);
  });

  it('never reaches the server when the platform prompt fails', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { challenge: 'abc' } }));
    browser.startAuthentication.mockRejectedValue(new DOMException('The operation was aborted.', 'NotAllowedError'));
    await expect(authenticateWithPasskey('cred-1')).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('registerPasskey', () => {
  it('registers with the session token and returns the stored credential id', async () => {
    const options = {
      challenge: 'xyz',
      rp: { id: 'localhost', name: 'Quiniela' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    };
    const attestation = { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {}, clientExtensionResults: {} };
    fetchMock
      .mockResolvedValueOnce(json(200, { data: options }))
      .mockResolvedValueOnce(json(201, { message: 'Biometría registrada.', data: { credentialId: 'cred-2' } }));
    browser.startRegistration.mockResolvedValue(attestation);

    await expect(registerPasskey()).resolves.toEqual({
      message: 'Biometría registrada.',
      data: { credentialId: 'cred-2' },
    });

    expect(sent(0).path).toBe('/auth/passkeys/register/options');
    expect(sent(0).headers.get('Authorization')).toBe('Bearer token-123');
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(sent(1)).toMatchObject({ path: '/auth/passkeys/register/verify', body: { response: attestation } });
  });
});

describe('isUnknownCredential', () => {
  it('recognises only the server saying the passkey is not registered', () => {
    expect(isUnknownCredential(new ApiRequestError(401, passkeyMessages.credentialUnknown, 'x'))).toBe(true);
    expect(isUnknownCredential(new ApiRequestError(401, passkeyMessages.signInFailed, 'x'))).toBe(false);
    expect(isUnknownCredential(new Error('NotAllowedError'))).toBe(false);
  });
});
