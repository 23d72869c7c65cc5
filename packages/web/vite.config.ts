import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console lives under /custom/; in development the API is proxied to the server on 9528.
export default defineConfig({
  base: '/custom/',
  plugins: [react()],
  resolve: {
    alias: { '@gw/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 9527,
    proxy: { '/custom/api': 'http://localhost:9528', '/custom/uploads': 'http://localhost:9528' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
