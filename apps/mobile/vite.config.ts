import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { earlyStart } from './build/early-start';
import { noZod } from './build/no-zod';
import { precompress } from './build/precompress';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The app is served by the API server from apps/mobile/dist at `/` (same origin as /api/vue).
// `base: './'` keeps every chunk on a relative path, which the native shell needs too.
// Dev mode: `npm run dev -w @beurs/mobile` (hot reload on :5173, /api proxied to the server on
// API_TARGET, default http://localhost:3000).
export default defineConfig({
  base: './',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), noZod(), earlyStart(), precompress()],
  // Screen and component styles are CSS Modules (*.module.css): their classes are scoped to the
  // file, so one screen's class cannot restyle another's. Keys keep their CSS names and get a
  // camelCase twin (styles['wallet-list'] and styles.walletList). app/app.css stays global: the
  // theme tokens and the shell's shared components.
  css: { modules: { localsConvention: 'camelCase' } },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000', ws: true } },
  },
});
