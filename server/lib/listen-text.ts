/**
 * Fastify's "Server listening at …" line for each address, with the loopback
 * address written `localhost`: the address to open, since passkeys (WebAuthn)
 * refuse IP addresses and work only on the configured origins (`WEBAUTHN_ORIGINS`,
 * by default `http://localhost:$PORT`).
 */
export function listeningText(address: string): string {
  const openable = address.replace(/^(https?:\/\/)(127\.0\.0\.1|\[::1\])(?=:\d+$)/, '$1localhost');
  return `Server listening at ${openable}`;
}
