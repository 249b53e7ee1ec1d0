import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  // Scan every route at dev start-up, so the first visit does not find new dependencies late
  // (Vite answers those with "504 Outdated Optimize Dep" and a reload).
  optimizeDeps: { entries: ['app/**/*.tsx'] },
  // The server imports the same shared modules directly; keep them out of pre-bundling surprises.
  ssr: { noExternal: ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/modals'] },
})
