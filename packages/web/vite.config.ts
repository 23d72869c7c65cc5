import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console lives under /custom/; in development the API and the live channel are proxied to the server on 9528.
export default defineConfig({
  base: '/custom/',
  plugins: [react()],
  resolve: {
    alias: { '@gw/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 9527,
    proxy: {
      // the live channel is a WebSocket: listed before /custom/api so its upgrade is proxied (ws: true)
      '/custom/api/v1/live': { target: 'ws://localhost:9528', ws: true },
      '/custom/api': 'http://localhost:9528',
      '/custom/uploads': 'http://localhost:9528',
    },
  },
  // No manual chunk groups: the login page (budget 250 KB gzipped, bench/console-load.mjs) loads every module it
  // reaches statically however they are chunked, and antd's Button alone reaches ColorPicker and Collapse through
  // its style tokens. Heavy code is kept off its import graph instead (app/LayoutFrame.tsx, layout/errorRecorder.ts).
  build: { outDir: 'dist', emptyOutDir: true },
});
