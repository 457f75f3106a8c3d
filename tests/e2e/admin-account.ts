/** The admin the e2e server creates at start (playwright.config.ts passes these as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const e2eAdmin = { email: 'admin-e2e@example.com', password: 'clave-admin-e2e-1' } as const;
