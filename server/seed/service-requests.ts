import { and, eq, inArray, sql } from 'drizzle-orm'
import { GeoPolygon, polygonAreaHectares } from '#common/geo.ts'
import type { AreaPolygon } from '#common/exchange/requests.ts'
import { formatRequestNumber } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import type { Db } from '../db/client.ts'
import { chatMessages, chatReads, chatRooms } from '../modules/chat/chat.table.ts'
import {
  serviceProposalEvents,
  serviceProposalRevisions,
  serviceProposals,
} from '../modules/exchange/proposals/proposals.table.ts'
import { serviceRequestEvents, serviceRequests } from '../modules/exchange/requests/requests.table.ts'
import { roomTitle } from '../modules/exchange/proposals/proposals.view.ts'
import { proposalNews } from '../modules/notifications/index.ts'
import { endOfMoscowDay } from '#common/moscow-days.ts'
import { EXPIRE_JOB } from '../modules/exchange/requests/requests.jobs.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { partyDirectory } from '../modules/organizations/party-directory.ts'
import { CATALOG_EPOCH, DEMO_HISTORY_DAYS } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG, vendorOwnerEmail } from './catalog/vendors/index.ts'
import { DEMO_REQUESTS, type DemoProposal, type DemoRequest } from './service-requests.data.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Days after the catalogue's epoch at office hours (UTC+3), like the other demo data. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return new Date(CATALOG_EPOCH + day * DAY + (h - 3) * 60 * MINUTE + m * MINUTE)
}
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const BUYER = { email: 'buyer@example.com', slug: 'agrokholding-zarya' }

/**
 * The open requests' proposals deadlines and work dates are counted from the day the seed runs:
 * the platform closes a request the day after its deadline (the `expire` move). The demo's
 * history ends before that day (catalog/build.ts, demoEpoch), so a deadline never comes before
 * the request was published or the proposals were sent.
 */
export function openRequestsBase(now = Date.now()): number {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate())
  return Math.max(today, CATALOG_EPOCH + DEMO_HISTORY_DAYS * DAY)
}

/** A request's area as the request form would store it: validated, rounded, its hectares computed. */
export function demoArea(ring: [number, number][]): { area: AreaPolygon; hectares: number } {
  const area = GeoPolygon.parse({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] }) as AreaPolygon
  return { area, hectares: polygonAreaHectares(area) }
}

interface Party {
  orgId: string
  userId: string
  party: OrderParty
}

/**
 * Open requests of the demo buyer with proposals waiting for its decision, and one request in each
 * other state of the buyer's «Мои заявки» (a draft, one only for invited vendors, a cancelled one,
 * one closed without a contractor). Each request with its proposals, their revisions and history,
 * and each proposal's `request` room is written once, found again by its creation key.
 */
export async function seedServiceRequests(db: Db, now = Date.now()): Promise<void> {
  const slugs = [
    ...new Set([BUYER.slug, ...DEMO_REQUESTS.flatMap((r) => [...r.invited, ...r.proposals.map((p) => p.vendor)])]),
  ]
  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(inArray(organizations.slug, slugs))
  const emailOf = (slug: string) =>
    slug === BUYER.slug ? BUYER.email : slug === ACCOUNTS_VENDOR_SLUG ? 'vendor@example.com' : vendorOwnerEmail(slug)
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, slugs.map(emailOf)))
  const parties = await partyDirectory.describeParties(
    db,
    orgs.map((o) => o.id),
  )
  const partyOf = (slug: string): Party | null => {
    const org = orgs.find((o) => o.slug === slug)
    const user = people.find((p) => p.email === emailOf(slug))
    const party = org && parties.get(org.id)
    return org && user && party ? { orgId: org.id, userId: user.id, party } : null
  }
  const buyer = partyOf(BUYER.slug)
  if (!buyer) return
  const base = openRequestsBase(now)

  for (const demo of DEMO_REQUESTS) {
    const [existing] = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.organizationId, buyer.orgId), eq(serviceRequests.creationKey, demo.key)))
    if (existing) continue
    const vendors = demo.proposals.map((p) => partyOf(p.vendor))
    const invited = demo.invited.map(partyOf)
    if (vendors.some((v) => !v) || invited.some((v) => !v)) continue
    await seedRequest(db, demo, buyer, vendors as Party[], invited as Party[], base)
  }
  // Publishing through the service starts the daily expiry run; the demo's requests are written
  // straight into the table, so the run of the first deadline is queued here.
  const [first] = await db
    .select({ deadline: sql<string>`min(${serviceRequests.proposalsDeadline})::text` })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.organizationId, buyer.orgId), eq(serviceRequests.status, 'open')))
  if (first?.deadline) {
    await enqueueJob(
      db,
      EXPIRE_JOB,
      { date: first.deadline },
      { key: first.deadline, runAt: endOfMoscowDay(first.deadline) },
    )
  }
}

async function seedRequest(
  db: Db,
  demo: DemoRequest,
  buyer: Party,
  vendors: Party[],
  invited: Party[],
  base: number,
): Promise<void> {
  const created = at(demo.day, '09:30')
  const published = demo.status === 'draft' ? null : at(demo.day, '10:00')
  // Open requests and the draft look ahead from the seed day; the finished ones keep fixed dates.
  const dates =
    demo.dates.kind === 'ahead'
      ? {
          deadline: isoDay(base + demo.dates.deadline * DAY),
          starts: isoDay(base + (demo.dates.deadline + demo.dates.work[0]) * DAY),
          ends: isoDay(base + (demo.dates.deadline + demo.dates.work[1]) * DAY),
        }
      : demo.dates.kind === 'fixed'
        ? {
            deadline: isoDay(CATALOG_EPOCH + demo.dates.deadline * DAY),
            starts: isoDay(CATALOG_EPOCH + demo.dates.work[0] * DAY),
            ends: isoDay(CATALOG_EPOCH + demo.dates.work[1] * DAY),
          }
        : { deadline: null, starts: null, ends: null }
  const area = demo.area ? demoArea(demo.area) : null
  const ending = demo.ending
  const updated = ending ? at(ending.day, ending.time) : (published ?? created)
  const number = formatRequestNumber(published ?? created, await nextRequestNumber(db))
  const [request] = await db
    .insert(serviceRequests)
    .values({
      number,
      status: demo.status,
      organizationId: buyer.orgId,
      customer: buyer.party,
      createdByUserId: buyer.userId,
      type: demo.type,
      sphere: demo.sphere,
      title: demo.title,
      description: demo.description,
      region: demo.region,
      address: demo.address,
      area: area?.area ?? null,
      areaHectares: area?.hectares ?? null,
      startsOn: dates.starts,
      endsOn: dates.ends,
      volume: demo.volume ?? (area ? Math.round(area.hectares) : null),
      volumeUnit: demo.volumeUnit,
      budgetKopecks: demo.budgetKopecks,
      flight: demo.flight,
      visibility: invited.length ? 'invited' : 'public',
      invitedOrganizationIds: invited.map((v) => v.orgId),
      proposalsDeadline: dates.deadline,
      proposalCount: demo.proposals.length,
      creationKey: demo.key,
      publishedAt: published,
      createdAt: created,
      updatedAt: updated,
    })
    .returning({ id: serviceRequests.id })
  const requestId = request!.id

  const history: (typeof serviceRequestEvents.$inferInsert)[] = [
    { requestId, event: 'create', fromStatus: null, toStatus: 'draft', byUserId: buyer.userId, createdAt: created },
  ]
  if (published) {
    history.push({
      requestId,
      event: 'publish',
      fromStatus: 'draft',
      toStatus: 'open',
      byUserId: buyer.userId,
      createdAt: published,
    })
  }
  if (ending) {
    history.push({
      requestId,
      event: ending.event,
      fromStatus: 'open',
      toStatus: demo.status,
      // The deadline passing is the platform's move, nobody's.
      byUserId: ending.event === 'expire' ? null : buyer.userId,
      comment: ending.comment ?? null,
      createdAt: updated,
    })
  }
  await db.insert(serviceRequestEvents).values(history)

  for (const [i, proposal] of demo.proposals.entries()) {
    await seedProposal(db, proposal, {
      requestId,
      title: roomTitle({ number, title: demo.title }),
      startsOn: dates.starts!,
      buyer,
      vendor: vendors[i]!,
    })
  }
}

interface ProposalPlace {
  requestId: string
  /** The room's name, as the exchange names request rooms. */
  title: string
  /** The request's first day of work, which the proposal's dates are counted from. */
  startsOn: string
  buyer: Party
  vendor: Party
}

type Line = { by: 'customer' | 'vendor' | null; content: string; createdAt: Date }

/** A proposal on a request, its earlier version and history, and its room with the talk so far. */
async function seedProposal(db: Db, demo: DemoProposal, place: ProposalPlace): Promise<void> {
  const { buyer, vendor } = place
  const workDay = (offset: number) => isoDay(Date.parse(place.startsOn) + offset * DAY)
  const contentOf = (version: DemoProposal['first']) => ({
    priceKopecks: version.priceKopecks,
    startsOn: workDay(version.work[0]),
    endsOn: workDay(version.work[1]),
    terms: version.terms,
    message: version.message,
    files: [],
  })
  const sent = at(demo.day, demo.time)
  const revised = demo.revised ? at(demo.revised.day, demo.revised.time) : null
  const rejected = demo.rejected ? at(demo.rejected.day, demo.rejected.time) : null
  const current = demo.revised ?? demo.first

  const [room] = await db
    .insert(chatRooms)
    .values({
      type: 'request',
      sideA: buyer.orgId,
      sideB: vendor.orgId,
      requestId: place.requestId,
      requestTitle: place.title,
      openedBy: vendor.orgId,
      createdAt: sent,
    })
    .returning({ id: chatRooms.id })
  const [proposal] = await db
    .insert(serviceProposals)
    .values({
      requestId: place.requestId,
      organizationId: vendor.orgId,
      vendor: vendor.party,
      createdByUserId: vendor.userId,
      status: rejected ? 'rejected' : 'reviewing',
      ...contentOf(current),
      revision: demo.revised ? 2 : 1,
      rejectReason: demo.rejected?.reason ?? null,
      chatRoomId: room!.id,
      createdAt: sent,
      updatedAt: rejected ?? revised ?? sent,
    })
    .returning({ id: serviceProposals.id })
  const proposalId = proposal!.id
  if (demo.revised) {
    await db
      .insert(serviceProposalRevisions)
      .values({ proposalId, revision: 1, ...contentOf(demo.first), byUserId: vendor.userId, createdAt: sent })
  }
  await db.insert(serviceProposalEvents).values([
    { proposalId, event: 'submit', fromStatus: null, toStatus: 'reviewing', byUserId: vendor.userId, createdAt: sent },
    ...(revised
      ? [
          {
            proposalId,
            event: 'revise',
            fromStatus: 'reviewing' as const,
            toStatus: 'reviewing' as const,
            byUserId: vendor.userId,
            createdAt: revised,
          },
        ]
      : []),
    ...(rejected
      ? [
          {
            proposalId,
            event: 'reject',
            fromStatus: 'reviewing' as const,
            toStatus: 'rejected' as const,
            byUserId: buyer.userId,
            comment: demo.rejected!.reason,
            createdAt: rejected,
          },
        ]
      : []),
  ])

  // The room: the platform's note of the proposal, the vendor's message, the talk, later notes.
  const lines: Line[] = [
    { by: null, content: proposalNews('submitted', vendor.party.name, null, null), createdAt: sent },
    { by: 'vendor', content: demo.first.message, createdAt: new Date(sent.getTime() + MINUTE) },
    ...(demo.talk ?? []).map(([by, day, time, content]) => ({ by, content, createdAt: at(day, time) })),
  ]
  if (demo.revised && revised) {
    lines.push({ by: null, content: proposalNews('revised', vendor.party.name, null, null), createdAt: revised })
  }
  if (demo.rejected && rejected) {
    lines.push({
      by: null,
      content: proposalNews('rejected', vendor.party.name, demo.rejected.reason, null),
      createdAt: rejected,
    })
  }
  lines.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const userOf = (by: Line['by']) => (by === 'customer' ? buyer.userId : by === 'vendor' ? vendor.userId : null)
  const orgOf = (by: Line['by']) => (by === 'customer' ? buyer.orgId : by === 'vendor' ? vendor.orgId : null)
  await db.insert(chatMessages).values(
    lines.map((line, i) => ({
      roomId: room!.id,
      seq: i + 1,
      clientId: null,
      authorUserId: userOf(line.by),
      authorOrganizationId: orgOf(line.by),
      content: line.content,
      files: [],
      isSystem: line.by === null,
      createdAt: line.createdAt,
    })),
  )
  await db
    .update(chatRooms)
    .set({ lastSeq: lines.length, lastMessageAt: lines.at(-1)!.createdAt })
    .where(eq(chatRooms.id, room!.id))
  // Both sides have read the room, except the newest messages the buyer has not opened yet.
  const buyerRead = lines.length - (demo.buyerUnread ?? 0)
  await db.insert(chatReads).values([
    {
      roomId: room!.id,
      userId: buyer.userId,
      organizationId: buyer.orgId,
      lastReadSeq: buyerRead,
      updatedAt: lines[Math.max(buyerRead, 1) - 1]!.createdAt,
    },
    {
      roomId: room!.id,
      userId: vendor.userId,
      organizationId: vendor.orgId,
      lastReadSeq: lines.length,
      updatedAt: lines.at(-1)!.createdAt,
    },
  ])
}

async function nextRequestNumber(db: Db): Promise<number> {
  const result = (await db.execute(sql`select nextval('service_request_numbers')::int as next`)) as unknown as {
    rows: { next: number }[]
  }
  return Number(result.rows[0]!.next)
}
