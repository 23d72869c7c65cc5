import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/** The key under which the console keeps the token (STORAGE.token in src/settings.ts, which Node cannot load). */
const TOKEN_KEY = 'Custom-Token';
/** The console's title (PRODUCT_TITLE in src/settings.ts), drawn by login.html before any script runs. */
const PRODUCT_TITLE = '智能网关管理系统';

/**
 * login.html, which the server sends for /custom/login: index.html with the login page's frame and title already
 * in it, styled by the page's own shell.css inlined, so a phone shows them as soon as the HTML has arrived instead
 * of after seconds of script (the form comes with the script, which replaces the frame by the same one); and with
 * the login page's modules announced as preloads in the HTML itself rather than by the script that guesses.
 */
function loginHtml(index: string, preloads: string[], preloadScript: string): string {
  const css = readFileSync(fileURLToPath(new URL('./src/features/login/shell.css', import.meta.url)), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const frame =
    `<div class="gw-login-page"><div class="gw-login-panel"><h1 class="gw-login-title">${PRODUCT_TITLE}</h1>` +
    `<div class="gw-login-form"></div></div></div>`;
  const links = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    ');
  const html = index
    .replace(`<script async src="${preloadScript}"></script>`, links)
    .replace('</head>', `  <style>${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${frame}</div>`);
  if (!html.includes('gw-login-title') || html.includes(preloadScript)) throw new Error('preload-login: index.html is not as login.html expects it');
  return html;
}

/**
 * The login page's own code — its lazy chunk and the chunks it needs beyond the entry's — announced to the
 * browser as soon as index.html is read, by a small script that adds `modulepreload` links when there is no token
 * (a visitor who will see the login page). Without it the browser asks for them only once the whole entry has run
 * and the router has chosen the page: on a slow phone a second round of requests after seconds of script. With a
 * token the script adds nothing, so a signed-in console loads as before. Preloaded modules are fetched and parsed,
 * never run ahead of the entry.
 */
function preloadLoginPage(): Plugin {
  let base = '/';
  let script: { fileName: string; source: string } | undefined;
  let modules: string[] = [];
  const imports = (bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (seen.has(file) || next?.type !== 'chunk') continue;
      seen.add(file);
      imports(bundle, next, seen);
    }
    return seen;
  };
  return {
    name: 'gw:preload-login',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const login = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/features/login/LoginPage.tsx'));
        if (!entry || !login) throw new Error('preload-login: no entry or no login page chunk in the build');
        const loaded = imports(bundle, entry).add(entry.fileName);
        modules = [login.fileName, ...imports(bundle, login)].filter((file) => !loaded.has(file));
        // as the entry's own preloads (crossorigin), so that the import finds them; its half-kilobyte of CSS is left to it
        const source =
          `if(!localStorage.getItem(${JSON.stringify(TOKEN_KEY)}))for(const h of ${JSON.stringify(modules.map((file) => base + file))}){` +
          `const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/login-preload-${hash}.js`, source };
        return [{ tag: 'script', attrs: { async: true, src: base + script.fileName }, injectTo: 'head' }];
      },
    },
    writeBundle(options) {
      if (!script || !options.dir) return;
      writeFileSync(path.join(options.dir, script.fileName), script.source);
      writeFileSync(path.join(options.dir, 'login.html'), loginHtml(readFileSync(path.join(options.dir, 'index.html'), 'utf8'), modules.map((file) => base + file), base + script.fileName));
    },
  };
}

// The console lives under /custom/; in development the API and the live channel are proxied to the server on 9528.
export default defineConfig({
  base: '/custom/',
  plugins: [react(), preloadLoginPage()],
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
