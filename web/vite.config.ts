import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The local API server answers /api and /config.json; in dev the SPA is served here and proxies both.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';
const proxy = { '/api': apiOrigin, '/config.json': apiOrigin };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    // The CSV writer the web shares with the server (shared/src/csv-writer.ts): csv-stringify's Node
    // build needs Node's Buffer, its browser build brings its own.
    alias: [{ find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' }],
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true, proxy },
  preview: { port: Number(process.env.PORT ?? 3000), strictPort: true, proxy },
});
