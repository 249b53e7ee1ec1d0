import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  // The server imports the same shared modules directly; keep them out of pre-bundling surprises.
  ssr: { noExternal: ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/modals'] },
})
