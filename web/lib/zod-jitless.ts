import { z } from 'zod';

// Every import of zod in the web build resolves here (vite.config.ts, zodJitless), so this runs before any schema
// is built, in whichever chunk: zod's JIT probes for eval (new Function), which the CSP forbids and Chrome reports
// as a violation.
z.config({ jitless: true });

export * from 'zod';
