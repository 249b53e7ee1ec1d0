import ipaddr from 'ipaddr.js'
import { z } from '#common/zod.ts'

const isCidr = (value: string) => {
  try {
    ipaddr.parseCIDR(value)
    return true
  } catch {
    return false
  }
}

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
  /** DaData's API key: registration fills a company's details from its INN. Unset: off. */
  DADATA_API_KEY: z.string().min(1).optional(),
  /** Where DaData's API answers (a stand-in server in tests). */
  DADATA_URL: z.url('DADATA_URL must be a URL').default('https://suggestions.dadata.ru'),
  /**
   * Private addresses (IPs or CIDRs, comma-separated) the server may fetch a catalogue file's
   * pictures from, e.g. a vendor's mirror inside the operator's network. Empty: public addresses only.
   */
  IMPORT_PICTURES_ALLOWED_ADDRESSES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((a) => ipaddr.isValid(a) || isCidr(a)),
      'IMPORT_PICTURES_ALLOWED_ADDRESSES must be IP addresses or CIDRs separated by commas',
    ),
  /** How long one run of an import's pictures job goes on before it queues the rest behind other jobs. */
  IMPORT_PICTURES_SLICE_SECONDS: z.coerce.number().min(0).max(600).default(20),
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
  /** A running job not heard of for this long is presumed orphaned (its instance died) and run again. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** How long someone stays out of the chat before their unread messages are e-mailed. */
  CHAT_DIGEST_DELAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** HS256 key of the realtime connection tokens; shared by every instance and Centrifugo. */
  CHAT_TOKEN_SECRET: z
    .string()
    .min(32, 'CHAT_TOKEN_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  CHAT_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(600),
  /** Publications kept per channel for recovery after a reconnect, and for how long. */
  CHAT_HISTORY_SIZE: z.coerce.number().int().min(1).max(10000).default(300),
  CHAT_HISTORY_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** Server ping period and how long a pong may take (fractions of a second only for tests). */
  REALTIME_PING_SECONDS: z.coerce.number().positive().max(600).default(25),
  REALTIME_PONG_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(8),
  /** Prefix of the realtime keys and pub/sub channel in Redis. */
  REALTIME_REDIS_PREFIX: z.string().min(1).default('rt:'),
  /**
   * The map's tile URL template (Leaflet's: {z}, {x}, {y}, optionally {s}); empty: no base map,
   * the service area maps show a plain grid. The default is OpenStreetMap's own tile server.
   */
  MAP_TILES_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (v) => v === '' || (/^(https?:\/\/[^/\s]+|\/)\S*$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'MAP_TILES_URL must be empty or a tile URL template with {z}, {x} and {y} (https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
    ),
  /** The guest page cache (decision 041): on unless turned off; entries live at most this long. */
  PAGE_CACHE: Bool.default(true),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** Memory per instance for cached pages (LRU beyond it). */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  CENTRIFUGO_API_URL: z.url('CENTRIFUGO_API_URL must be a URL (http://centrifugo:8000)').optional(),
  CENTRIFUGO_API_KEY: z.string().min(1).optional(),
  CENTRIFUGO_WS_URL: z
    .string()
    .regex(/^wss?:\/\/.+/, 'CENTRIFUGO_WS_URL must be a ws:// or wss:// URL (wss://rt.example.ru/connection/websocket)')
    .optional(),
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
  /**
   * CHAT_TOKEN_SECRET; null: the installation's own, made once and kept in its database, so restarts
   * and every instance on that database agree (required only for Centrifugo, which must know it).
   */
  chatTokenSecret: string | null
  /** Set when the realtime publications go through Centrifugo instead of the embedded endpoint. */
  centrifugo: { apiUrl: string; apiKey: string; wsUrl: string } | null
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  const problems: string[] = []
  const centrifugoSet = Boolean(c.CENTRIFUGO_API_URL || c.CENTRIFUGO_API_KEY || c.CENTRIFUGO_WS_URL)
  if (centrifugoSet) {
    for (const name of ['CENTRIFUGO_API_URL', 'CENTRIFUGO_API_KEY', 'CENTRIFUGO_WS_URL'] as const) {
      if (!c[name]) problems.push(`  ${name}: required with the other CENTRIFUGO_* variables`)
    }
  }
  if (!c.CHAT_TOKEN_SECRET && centrifugoSet) {
    problems.push(
      '  CHAT_TOKEN_SECRET: required with CENTRIFUGO_* (Centrifugo checks the same tokens; at least 32 characters, e.g. `openssl rand -hex 32`)',
    )
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  return {
    ...c,
    isProduction: c.NODE_ENV === 'production',
    isDevelopment: c.NODE_ENV === 'development',
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO ?? !c.DATABASE_URL,
    mailDir:
      c.MAIL_DIR === undefined ? (c.DATABASE_URL || c.SMTP_URL ? undefined : 'var/mail') : c.MAIL_DIR || undefined,
    apiDocsPublic: c.API_DOCS_PUBLIC ?? !c.DATABASE_URL,
    chatTokenSecret: c.CHAT_TOKEN_SECRET ?? null,
    centrifugo:
      c.CENTRIFUGO_API_URL && c.CENTRIFUGO_API_KEY && c.CENTRIFUGO_WS_URL
        ? { apiUrl: c.CENTRIFUGO_API_URL.replace(/\/$/, ''), apiKey: c.CENTRIFUGO_API_KEY, wsUrl: c.CENTRIFUGO_WS_URL }
        : null,
  }
}
