/**
 * What a browser test uses of tests/support/smtp-server.ts, typed without Node's types: tests/e2e has the web app's DOM
 * settings, so it loads that module by path (`import(smtpServerModulePath)`) and sees it through this, as it does the
 * push service (push-service-api.ts). smtp-server.ts's default export is checked against it.
 */
export interface ReceivedMailSummary {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface SmtpServerApi {
  startSmtpServer(this: void, port?: number): Promise<{
    received: ReceivedMailSummary[];
    waitFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMailSummary[]>;
    close(): Promise<void>;
  }>;
}

/** From tests/e2e/*.spec.ts. */
export const smtpServerModulePath = '../support/smtp-server.ts';

/** The e2e run's SMTP server's port (playwright.config.ts gives the server `SMTP_URL` on it): one above the app's by 10,000. */
export const e2eSmtpPort = (appPort: number | string) => Number(appPort) + 10_000;
