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

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
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
