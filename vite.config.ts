import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite-precompress.ts'

/** Mantine's components and what only they use; its hooks go with them (see the store group). */
const MANTINE_COMPONENTS =
  /node_modules[\\/](@mantine[\\/]core|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize)[\\/]/

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger chunks where every page needs them together (decision 056). Left alone,
        // Mantine splits into some forty chunks on an account page, and each request costs the
        // phone's main thread a few milliseconds before any of it runs.
        codeSplitting: {
          groups: [
            // React, React DOM and the router: every page runs all of them.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            // The notifications store every page uses to queue a toast, apart from the components
            // that show it, so a public page does not load Mantine to say «Добавлено в корзину».
            {
              name: 'mantine-store',
              test: /node_modules[\\/]@mantine[\\/](store[\\/]|hooks[\\/]esm[\\/]utils[\\/]random-id[\\/])/,
              priority: 1,
            },
            // Every Mantine component some page imports, in one chunk: the account's pages, the
            // cart and the overlays use them; the public pages' first load has none.
            {
              debugName: 'mantine',
              name: (id) => (MANTINE_COMPONENTS.test(id) && !id.endsWith('.css') ? 'mantine' : null),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  // Scan every route at dev start-up, so the first visit does not find new dependencies late
  // (Vite answers those with "504 Outdated Optimize Dep" and a reload).
  optimizeDeps: { entries: ['app/**/*.tsx'] },
  // The server imports the same shared modules directly; keep them out of pre-bundling surprises.
  ssr: { noExternal: ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/modals'] },
})
