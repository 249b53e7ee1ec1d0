import { CATALOG_EPOCH } from './catalog/build.ts'

/**
 * When things happened in the demo data. Every date is counted from the demo's epoch, which lies
 * before the day the seed runs (catalog/build.ts, demoEpoch), so all of it is past; each comes after
 * what it rests on: the staff account before its first decision; an owner's account, then the
 * organization and its membership, the role request, the documents, the submission and the
 * staff decision; a vendor's products only after its role is confirmed.
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** People sign up at 10:00 Moscow time, so the history reads like office hours. */
const MORNING = 7 * HOUR

/**
 * When each account of accounts.ts signed up: staff first, then «АэроТех Системы», the
 * platform's first vendor, and «Агрохолдинг Заря», a buyer of this season.
 */
export const DEMO_JOINED = {
  staff: CATALOG_EPOCH - 700 * DAY + MORNING,
  vendor: CATALOG_EPOCH - 650 * DAY + MORNING,
  buyer: CATALOG_EPOCH - 120 * DAY + MORNING,
  municipal: CATALOG_EPOCH - 90 * DAY + MORNING,
} as const

/** The catalogue vendors joined three days apart, before the oldest product (537 days back). */
export function catalogVendorJoined(index: number): number {
  return CATALOG_EPOCH - (620 - index * 3) * DAY + MORNING
}

export interface RoleTimeline {
  /** The owner's account: created, consent given, address confirmed. */
  registered: Date
  /** The organization registered by its owner, who is its member from then on. */
  organizationCreated: Date
  requested: Date
  /** The documents uploaded and attached; the extract is dated this day. */
  documentsAttached: Date
  submitted: Date
  confirmed: Date
}

/** An owner's way from signing up to a confirmed role: one afternoon, then a day of checking. */
export function roleTimeline(joined: number): RoleTimeline {
  return {
    registered: new Date(joined),
    organizationCreated: new Date(joined + 15 * MINUTE),
    requested: new Date(joined + HOUR),
    documentsAttached: new Date(joined + HOUR + 20 * MINUTE),
    submitted: new Date(joined + 2 * HOUR),
    confirmed: new Date(joined + 27 * HOUR),
  }
}
