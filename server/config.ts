import { z } from '#common/zod.ts'

const Bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: Bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  PGLITE_DIR: z.string().min(1).default('var/db'),
  SEED_DEMO: Bool.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  CDN_URL: z.string().default(''),
  API_BASE_URL: z.string().default('/api/v1'),
  METRIKA_ID: z.string().regex(/^\d+$/, 'METRIKA_ID must be digits').optional(),
  ASSETS_CACHE_DIR: z.string().min(1).default('var/cache/images'),
  UPLOADS_DIR: z.string().min(1).default('var/uploads'),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL').optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('ru-central1'),
  S3_FORCE_PATH_STYLE: Bool.default(true),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100).default(1),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('БАС Маркет <no-reply@bas-market.ru>'),
  /** Empty: no files. */
  MAIL_DIR: z.string().optional(),
  API_DOCS_PUBLIC: Bool.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** Background jobs this process runs at once; 0: it runs none (another instance does). */
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** How long someone stays out of the chat before their unread messages are e-mailed. */
  CHAT_DIGEST_DELAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
})

export type Config = z.infer<typeof Env> & {
  isProduction: boolean
  isDevelopment: boolean
  publicUrl: string
  /** The demo data is seeded only for the embedded database unless SEED_DEMO says otherwise. */
  seedDemo: boolean
  /** Where messages are written as files: MAIL_DIR, or var/mail for the embedded database without SMTP. */
  mailDir: string | undefined
  /** The API documentation UI is public only on demand, and by default for the embedded database. */
  apiDocsPublic: boolean
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  return {
    ...c,
    isProduction: c.NODE_ENV === 'production',
    isDevelopment: c.NODE_ENV === 'development',
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO ?? !c.DATABASE_URL,
    mailDir:
      c.MAIL_DIR === undefined ? (c.DATABASE_URL || c.SMTP_URL ? undefined : 'var/mail') : c.MAIL_DIR || undefined,
    apiDocsPublic: c.API_DOCS_PUBLIC ?? !c.DATABASE_URL,
  }
}
