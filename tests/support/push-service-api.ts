/**
 * What a browser test uses of tests/support/push-service.ts, typed without Node's types: tests/e2e has the web
 * app's DOM settings, so it loads that module by path (`import(pushServiceModulePath)`) and sees it through this.
 * push-service.ts's default export is checked against it (`satisfies PushServiceApi`).
 */
export interface SubscriptionKeys {
  keys: { p256dh: string; auth: string };
}

export interface RecordedPush {
  path: string;
  body: Uint8Array;
}

export interface PushServiceApi {
  e2ePushTls(this: void, port: number | string): { cert: string; key: string };
  startPushService(this: void, tls?: { cert: string; key: string }): Promise<{
    url: string;
    received: RecordedPush[];
    close(): Promise<void>;
  }>;
  newBrowserKeys(this: void): SubscriptionKeys;
  decryptPush(this: void, body: Uint8Array, browser: SubscriptionKeys): unknown;
}

/** From tests/e2e/*.spec.ts. */
export const pushServiceModulePath = '../support/push-service.ts';
