import { z } from 'zod';

// Imported before the contract's schemas are built: zod's JIT probes for eval
// (new Function), which the CSP forbids and Chrome reports as a violation.
z.config({ jitless: true });
