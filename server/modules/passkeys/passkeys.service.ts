import { randomBytes } from 'node:crypto';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PASSKEY_ALGORITHM_ES256,
  PASSKEY_TIMEOUT_MS,
  passkeyMessages,
  type SignInResponse,
  type UserProfile,
} from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, NotFoundError, UnauthorizedError, isUniqueViolation } from '../../lib/errors.ts';
import type { AuthService } from '../accounts/auth.service.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import type { PasskeysRepository } from './passkeys.repository.ts';

interface Deps {
  passkeys: PasskeysRepository;
  users: UsersRepository;
  auth: Pick<AuthService, 'issueSession'>;
  clock: Clock;
  config: Pick<Config, 'webauthn'>;
}

/**
 * @simplewebauthn/server (with its X.509 and ASN.1 libraries) takes about half a second to load, a third of a
 * restart: it is loaded by the first passkey request (docs/decisions/052-start-up-and-memory.md).
 */
let webauthnLibrary: Promise<typeof SimpleWebAuthn> | undefined;
const webauthn = () => (webauthnLibrary ??= import('@simplewebauthn/server'));

const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A challenge lives a little longer than the browser's own 60 s time-out. */
const CHALLENGE_TTL_MS = PASSKEY_TIMEOUT_MS + 30_000;

/** The challenge the browser signed, read from clientDataJSON (verification checks it again). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string') return clientData.challenge;
  } catch {
    // falls through to the error below
  }
  throw new BadRequestError(passkeyMessages.challengeInvalid);
}

/** The origin's host is the relying party id or one of its subdomains (WebAuthn's rule). */
function isUnderRpId(origin: string, rpId: string): boolean {
  try {
    const { hostname } = new URL(origin);
    return hostname === rpId || hostname.endsWith(`.${rpId}`);
  } catch {
    return false;
  }
}

/**
 * WebAuthn passkeys, every ceremony verified here with @simplewebauthn/server:
 * challenges are stored server-side, single-use and short-lived; the relying
 * party and origins come from configuration. The spec's biometric request: ES256, platform
 * authenticator, user verification required, 60 s.
 */
export function createPasskeysService({ passkeys, users, auth, clock, config }: Deps) {
  const { rpId, rpName, origins } = config.webauthn;
  const expiry = () => new Date(clock().getTime() + CHALLENGE_TTL_MS);
  /** What every ceremony's answer must match: the challenge it signed, one of our origins, our RP, a verified user. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: origins,
    expectedRPID: rpId,
    requireUserVerification: true,
  });

  return {
    /** Whether a page at `origin` can use passkeys here: browsers refuse any origin but these (and IP addresses). */
    isAvailableAt(origin: string): boolean {
      return origins.includes(origin) && isUnderRpId(origin, rpId);
    },

    async registrationOptions(user: UserProfile) {
      const handle = await passkeys.webauthnUserId(user.id, randomBytes(32).toString('base64url'));
      const existing = await passkeys.listFor(user.id);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName,
        rpID: rpId,
        userName: user.email,
        userDisplayName: user.name,
        userID: fromBase64Url(handle),
        timeout: PASSKEY_TIMEOUT_MS,
        attestationType: 'none',
        supportedAlgorithmIDs: [PASSKEY_ALGORITHM_ES256],
        excludeCredentials: existing.map((c) => ({ id: c.id })),
        authenticatorSelection: {
          authenticatorAttachment: 'platform',
          residentKey: 'required',
          userVerification: 'required',
        },
      });
      await passkeys.saveChallenge(options.challenge, 'registration', user.id, expiry());
      return options;
    },

    async verifyRegistration(user: UserProfile, response: RegistrationResponseJSON): Promise<string> {
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!(await passkeys.consumeChallenge(challenge, 'registration', user.id, clock()))) {
        throw new BadRequestError(passkeyMessages.challengeInvalid);
      }
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response,
        ...expected(challenge),
        supportedAlgorithmIDs: [PASSKEY_ALGORITHM_ES256],
      }).catch(() => null);
      if (!verification?.verified) throw new BadRequestError(passkeyMessages.registrationFailed);
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      try {
        await passkeys.insert({
          id: credential.id,
          userId: user.id,
          publicKey: toBase64Url(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new BadRequestError(passkeyMessages.registrationFailed);
        throw error;
      }
      return credential.id;
    },

    /** Discoverable credentials: the user is found from the credential, not typed in. */
    async authenticationOptions(credentialId?: string) {
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: rpId,
        timeout: PASSKEY_TIMEOUT_MS,
        userVerification: 'required',
        ...(credentialId ? { allowCredentials: [{ id: credentialId }] } : {}),
      });
      await passkeys.saveChallenge(options.challenge, 'authentication', null, expiry());
      return options;
    },

    async verifyAuthentication(response: AuthenticationResponseJSON): Promise<SignInResponse> {
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!(await passkeys.consumeChallenge(challenge, 'authentication', null, clock()))) {
        throw new UnauthorizedError(passkeyMessages.challengeInvalid);
      }
      const stored = await passkeys.find(response.id);
      if (!stored) throw new UnauthorizedError(passkeyMessages.credentialUnknown);
      // Throws on a bad signature, a wrong origin or RP, a missing user verification, or a counter that went back.
      const { verifyAuthenticationResponse } = await webauthn();
      const verification = await verifyAuthenticationResponse({
        response,
        ...expected(challenge),
        credential: {
          id: stored.id,
          publicKey: fromBase64Url(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports,
        },
      }).catch(() => null);
      if (!verification?.verified) throw new UnauthorizedError(passkeyMessages.signInFailed);
      await passkeys.recordUse(stored.id, verification.authenticationInfo.newCounter, clock());
      const user = await users.findProfile(stored.userId);
      if (!user) throw new UnauthorizedError(passkeyMessages.credentialUnknown);
      return auth.issueSession(user);
    },

    list: (user: UserProfile) => passkeys.listFor(user.id),

    async remove(user: UserProfile, id: string): Promise<void> {
      if (!(await passkeys.delete(id, user.id))) throw new NotFoundError(passkeyMessages.credentialNotFound);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
