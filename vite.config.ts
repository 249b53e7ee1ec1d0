import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite-precompress.ts'

/** Mantine's components and what only they use; its hooks go with them (see the store group). */
const MANTINE_COMPONENTS =
  /node_modules[\\/](@mantine[\\/]core|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize)[\\/]/

/**
 * A CSS module's class in a production build: `_` and six characters of a hash of the file and the
 * class, the same in the server and the browser builds. Vite's default (`_cardFooter_w9aoa_575`)
 * took a fifth of a catalogue page's markup; development keeps the readable names.
 */
function shortClassName(name: string, filename: string): string {
  const file = relative(import.meta.dirname, filename.split('?')[0]!)
  return `_${createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6)}`
}

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), precompress()],
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
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
  // Bundled into the server build rather than loaded whole from node_modules: the icon set and
  // Mantine's editor and dates would otherwise bring all 5 000 icons (18 MB of heap) and a second,
  // unbundled copy of @mantine/core into every server process; bundled, only what the app uses
  // is there, and Mantine is one copy.
  ssr: {
    noExternal: [
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/notifications',
      '@mantine/modals',
      '@mantine/tiptap',
      '@mantine/dates',
      '@mantine/store',
      '@tabler/icons-react',
    ],
  },
}))
