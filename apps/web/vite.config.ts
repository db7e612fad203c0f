import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { contractsForWebPlugin } from './build/contractsForWeb.ts';
import { nonBlockingCssPlugin } from './build/nonBlockingCss.ts';

const contractsDir = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/**
 * Console build (ARCHITECTURE §7). Relative `base` so the server can serve `dist` under any path;
 * the manifest feeds `bench/bundle-size.mjs`. In development `/ztj-iot` (HTTP and WebSocket) goes
 * to the API server on port 8080.
 *
 * The contracts package is written for both sides; the console needs only its constants, rules and
 * the method/path of routes at run time. Its modules are treated as side-effect free and route
 * definitions lose their zod schemas in this build (see `build/contractsForWeb.ts`), so zod and
 * the server-only schemas stay out of the bundles.
 */
export default defineConfig({
  base: './',
  // .gz and .br next to each asset, served as they are by the server (@fastify/static preCompressed)
  plugins: [
    react(),
    contractsForWebPlugin(contractsDir),
    nonBlockingCssPlugin(),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractsDir), manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: {
      '/ztj-iot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
