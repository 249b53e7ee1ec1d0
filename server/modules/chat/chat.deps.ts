import type { Ctx } from '../../context.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import type { RealtimePublisher } from '../../realtime/publisher.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { MemberDirectory, VendorDirectory } from '../organizations/index.ts'
import type { FilesService } from '../files/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import type { ViewDeps } from './chat.view.ts'
/** A person typing fast, not a script: 30 messages a minute. */
export const SEND_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 }
/** New conversations an organization's member opens in an hour. */
export const OPEN_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

export interface ChatDeps {
  members: MemberDirectory
  vendors: Pick<VendorDirectory, 'resolveVendorSlugs' | 'confirmedVendorIds'>
  catalog: Pick<CatalogService, 'getProduct'>
  describeUsers: ViewDeps['describeUsers']
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  publisher: RealtimePublisher
  /** System messages written in another module's transaction are published by a job queued with them. */
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'wake'>
  limiter: RateLimiter
  log: (msg: string, err?: unknown) => void
  /** Called for each user a new message is news to (e-mail digests when they stay away). */
  onUnread?: (ctx: Ctx, userIds: string[]) => Promise<void>
}
