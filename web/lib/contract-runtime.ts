// What '#contract/index' resolves to in the web build (vite.config.ts): static imports run in order, so zod is
// told not to probe eval (the CSP forbids it) before the contract's schemas are built.
import './zod-jitless.ts';

export * from '../../contract/index.ts';
