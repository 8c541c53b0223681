// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';
import phraseBreaks from './scripts/phrase-breaks.mjs';
import precompress from './scripts/precompress.mjs';
import seedImages from './src/content/seed-images-integration.mjs';
import { AUTH_HINT_SCRIPT } from './src/lib/inline-scripts.mjs';

const port = Number(process.env.PORT ?? 4321);

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  // Astro hashes every inline script and style into a CSP meta element; the server copies the
  // hashes into its Content-Security-Policy header (api/static-site.ts). A browser enforces both
  // policies, so the meta element also lets Stripe.js in: the header decides, and allows it only
  // when the server is configured for Stripe (api/lib/security-headers.ts).
  security: {
    csp: {
      scriptDirective: {
        resources: ["'self'", 'https://js.stripe.com'],
        hashes: [`sha256-${createHash('sha256').update(AUTH_HINT_SCRIPT).digest('base64')}`],
      },
    },
  },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  // Order matters: pages get their phrase breaks and seed images are copied before precompression.
  integrations: [react(), seedImages(), phraseBreaks(), precompress()],
  server: { port, host: '127.0.0.1' },
  vite: {
    plugins: [tailwindcss()],
    build: { assetsInlineLimit: 0 },
    // `npm run dev` runs the API on the next port; the Astro dev server forwards to it.
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${port + 1}`,
        '/dev/mailbox': `http://127.0.0.1:${port + 1}`,
      },
    },
  },
});
