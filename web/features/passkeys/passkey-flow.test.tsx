import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyMessages } from '#contract/passkeys';
import { ApiRequestError } from '../../lib/api-client.ts';
import { readDeviceBiometrics } from './passkey.ts';
import type * as PasskeyModule from './passkey.ts';
import { useRegisterBiometrics } from './passkey-flow.ts';
import { storeSignIn } from '../../lib/session.ts';

const mocks = vi.hoisted(() => ({ showToast: vi.fn(), registerPasskey: vi.fn() }));
vi.mock('../../lib/toast.ts', () => ({ useToast: () => mocks.showToast }));
vi.mock('./passkey.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PasskeyModule>()),
  registerPasskey: mocks.registerPasskey,
}));

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const userProfile = { id: 4, name: 'Ana', email: 'ana@example.com', role: 'user' } as const;

function registerHook() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRegisterBiometrics(), { wrapper }).result.current;
}

beforeEach(() => storeSignIn({ session, userProfile }));
afterEach(() => {
  localStorage.clear();
  mocks.showToast.mockReset();
  mocks.registerPasskey.mockReset();
});

describe('registering biometrics on this device', () => {
  it('turns biometric sign-in on and says so', async () => {
    mocks.registerPasskey.mockResolvedValue({ message: 'Biometría registrada.', data: { credentialId: 'cred-1' } });
    await expect(registerHook()()).resolves.toBe(true);
    expect(readDeviceBiometrics()).toEqual({ credentialId: 'cred-1', enabled: true });
    expect(mocks.showToast).toHaveBeenCalledWith({ message: 'Biometría registrada.', color: 'success' });
  });

  it('needs the stored user profile (the error catalogue of the spec)', async () => {
    localStorage.removeItem('userProfile');
    await expect(registerHook()()).resolves.toBe(false);
    expect(mocks.registerPasskey).not.toHaveBeenCalled();
    expect(mocks.showToast).toHaveBeenCalledWith({ message: passkeyMessages.profileMissing, color: 'danger' });
    expect(readDeviceBiometrics().enabled).toBe(false);
  });

  it('reports a failed ceremony with the spec text, or the server message when there is one', async () => {
    mocks.registerPasskey.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'NotAllowedError'));
    await expect(registerHook()()).resolves.toBe(false);
    expect(mocks.showToast).toHaveBeenLastCalledWith({ message: 'Fallo al registrar la biometría.', color: 'danger' });

    mocks.registerPasskey.mockRejectedValueOnce(
      new ApiRequestError(400, 'La solicitud biométrica no es válida o ha caducado. Inténtalo de nuevo.', 'x'),
    );
    await expect(registerHook()()).resolves.toBe(false);
    expect(mocks.showToast).toHaveBeenLastCalledWith({
      message: 'La solicitud biométrica no es válida o ha caducado. Inténtalo de nuevo.',
      color: 'danger',
    });
    expect(readDeviceBiometrics().enabled).toBe(false);
  });
});
