import { z } from 'zod';
import { SignInResponseSchema } from './accounts.ts';

/** `npm run demo` (docs/decisions/067-a-season-in-ten-minutes.md): its texts. */
export const demoMessages = {
  banner: 'DEMO · El Mundial 2026 real, con sus resultados reales, en un calendario comprimido',
  entering: 'Entrando en la quiniela de la demo…',
  enterFailed: 'No se pudo entrar en la demo. ¿Está en marcha `npm run demo`?',
  notDemo: 'Este servidor no es una demo.',
} as const;

/** `POST /api/demo/guest`: a newcomer's account, signed in and playing in the demo's pool. */
export const DemoGuestResponseSchema = SignInResponseSchema.extend({ poolId: z.number().int() });
export type DemoGuestResponse = z.infer<typeof DemoGuestResponseSchema>;
