import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `@ionic/core/components/ion-*.js` carry no sideEffects hint, so without this
 * rolldown keeps every Ionic component `@ionic/react` references (about 85% of
 * the bundle). Components used only as raw tags must be defined by hand.
 */
const ionicComponentModule = /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]+\.js$/;

const apiServer = 'http://localhost:3000';

/** The service worker is an entry of its own, unhashed at /sw.js: browsers look for it at a fixed URL. */
const serviceWorkerEntry = 'sw';

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        [serviceWorkerEntry]: fileURLToPath(new URL('./web/sw.ts', import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === serviceWorkerEntry ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
      treeshake: {
        moduleSideEffects: (id) => !ionicComponentModule.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
      '/health': apiServer,
    },
  },
});
