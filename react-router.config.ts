import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets two checkouts' builds (or a benchmark and the e2e run) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
