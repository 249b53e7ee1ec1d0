import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Every module keeps its tables in its *.table.ts (modules/index.test.ts checks they are the listed modules' tables);
  // the job queue's module lives in server/jobs.
  schema: ['./server/modules/**/*.table.ts', './server/jobs/*.table.ts'],
  out: './server/db/migrations',
})
