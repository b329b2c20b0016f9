import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../mobile/build/precompress';
import { initialSize } from './build/initial-size';

// The back-office is served by the API server from apps/admin/dist under /admin/ (same origin as
// /api/admin). Dev mode: `npm run dev -w @beurs/admin` (hot reload on :5174, /api proxied to the
// server on API_TARGET, default http://localhost:3000).
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress(), initialSize()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000' } },
  },
});
