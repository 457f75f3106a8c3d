/**
 * What a browser test uses of tests/support/demo-server.ts, typed without Node's types: tests/e2e has the web app's DOM
 * settings, so it loads that module by path (`import(demoServerModulePath)`) and sees it through this, as it does the
 * push service (push-service-api.ts). demo-server.ts's default export is checked against it.
 */
export interface DemoServerApi {
  /** `npm run demo` on `port`, its data in `dataDir`, tuned by `env` (DEMO_START_SECONDS…); resolves once it answers. */
  startDemo(
    this: void,
    options: { port: number; dataDir: string; env: Record<string, string> },
  ): Promise<{ origin: string; output: () => string; close(): Promise<void> }>;
}

/** From tests/e2e/*.spec.ts. */
export const demoServerModulePath = '../support/demo-server.ts';
