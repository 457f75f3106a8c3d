import webpush from 'web-push';
import type { PushPayload } from '#contract/index';
import type { StoredPushSubscription } from './push-subscriptions.repository.ts';
import type { VapidKeyStore } from './vapid-keys.ts';

/** One encrypted, VAPID-signed request for a push service. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/** Delivers a request to the push service and answers its HTTP status. */
export type PushTransport = (request: PushRequest) => Promise<number>;

export interface PushOptions {
  /** Seconds the push service keeps an undelivered message. */
  ttlSeconds: number;
  /** A later message with the same topic replaces an undelivered one. */
  topic: string;
}

export type SendPush = (
  subscription: StoredPushSubscription,
  payload: PushPayload,
  options: PushOptions,
) => Promise<number>;

/** Encrypts the payload for the subscription (aes128gcm), signs with the stored VAPID keys, sends. */
export function createPushSender({
  vapidKeys,
  subject,
  transport,
}: {
  vapidKeys: VapidKeyStore;
  subject: string;
  transport: PushTransport;
}): SendPush {
  return async (subscription, payload, { ttlSeconds, topic }) => {
    const { publicKey, privateKey } = await vapidKeys.get();
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey, privateKey },
      TTL: ttlSeconds,
      topic,
      urgency: 'high',
    });
    // fetch computes Content-Length itself from the body.
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    return transport({ endpoint: details.endpoint, method: details.method, headers, body: details.body });
  };
}
