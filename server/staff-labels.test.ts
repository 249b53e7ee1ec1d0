import { globSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '#common/orders.ts'
import { CORRECTION_STATUSES } from '#common/order-corrections.ts'
import { SERVICE_ORDER_ACTION_LABELS } from '#common/exchange/service-orders.ts'
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, EMAIL_KIND_LABELS, JOB_KIND_LABELS } from '#common/staff-labels.ts'
import { FLOW_JOBS } from './flows/index.ts'
import { ARTICLE_TRANSITIONS } from './modules/media/articles.machine.ts'
import { MODULES } from './modules/index.ts'
import { VERIFICATION_TRANSITIONS } from './modules/organizations/verification/verification.machine.ts'

/**
 * Every code the server writes where staff read it (the audit log's actions and objects, the
 * outbox's kinds of e-mail, the jobs' kinds) has a Russian name in common/staff-labels.ts. The
 * codes are read from the source: a new `recordAudit` or e-mail kind without a name fails here.
 */
const root = join(import.meta.dirname, '..')
const sources = globSync('server/**/*.ts', { cwd: root })
  .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.testing.ts') && !f.startsWith('server/seed/'))
  .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }))

/** Every match of `pattern`'s first group over the sources that `only` keeps. */
function codes(pattern: RegExp, only: (file: string) => boolean = () => true): Set<string> {
  const found = new Set<string>()
  for (const { text } of sources.filter((s) => only(s.file)))
    for (const match of text.matchAll(pattern)) found.add(match[1]!)
  return found
}

/** What the code builds from a template, by the template as it is written in the source. */
const staffEvents = (transitions: readonly { event: string; who: string }[]) => [
  ...new Set(transitions.filter((t) => t.who === 'staff').map((t) => t.event)),
]
const AUDIT_TEMPLATES: Record<string, string[]> = {
  '${listing.auditName}.approve': [...codes(/auditName: '([a-z_]+)'/g)].map((n) => `${n}.approve`),
  '${listing.auditName}.request_fixes': [...codes(/auditName: '([a-z_]+)'/g)].map((n) => `${n}.request_fixes`),
  'media.article.${action}': staffEvents(ARTICLE_TRANSITIONS).map((e) => `media.article.${e}`),
  'organization.join_${status}': ['organization.join_accepted', 'organization.join_declined'],
  'organization_role.${event}': staffEvents(VERIFICATION_TRANSITIONS).map((e) => `organization_role.${e}`),
}
const EMAIL_TEMPLATES: Record<string, string[]> = {
  'order_${order.status}': ORDER_STATUSES.map((s) => `order_${s}`),
  'order_correction_${correction.status}': CORRECTION_STATUSES.map((s) => `order_correction_${s}`),
  'procurement_${event.change}': ['requested', 'answered', 'declined', 'cancelled'].map((c) => `procurement_${c}`),
  'service_order_${event.event}': Object.keys(SERVICE_ORDER_ACTION_LABELS).map((e) => `service_order_${e}`),
  'proposal_${event.change}': ['submitted', 'revised', 'accepted', 'rejected', 'superseded'].map(
    (c) => `proposal_${c}`,
  ),
}

function expand(templates: Record<string, string[]>, pattern: RegExp, only?: (file: string) => boolean): string[] {
  return [...codes(pattern, only)].flatMap((template) => {
    expect(templates, `a template the test does not know: ${template}`).toHaveProperty([template])
    return templates[template]!
  })
}

const named = (labels: Record<string, string>, all: Iterable<string>) =>
  [...all].filter((code) => !labels[code] || /[a-z]/i.test(labels[code]!))

describe('every code on a staff screen has a Russian name', () => {
  it("the audit log's actions and objects", () => {
    const actions = [
      ...codes(/action: '([a-z_.]+)'/g),
      ...codes(/action: \w+ \? '([a-z_.]+)' : '[a-z_.]+'/g),
      ...codes(/action: \w+ \? '[a-z_.]+' : '([a-z_.]+)'/g),
      ...expand(AUDIT_TEMPLATES, /action: `([^`]+)`/g),
      // articles.staff.ts prefixes what its `audit` helper is given.
      ...[...codes(/audit\(\w+, '([a-z]+)'/g)].map((a) => `media.article.${a}`),
    ].filter((a) => !a.startsWith('test.'))
    expect(actions.length).toBeGreaterThan(30)
    expect(named(AUDIT_ACTION_LABELS, actions)).toEqual([])
    const targets = [
      ...codes(/targetType: '([a-z_]+)'/g),
      ...[...codes(/auditName: '([a-z_]+)'/g)],
      'product_review',
      'seller_review',
    ]
    expect(named(AUDIT_TARGET_LABELS, targets)).toEqual([])
  })

  it("the outbox's kinds of e-mail", () => {
    const emails = (f: string) => f.startsWith('server/modules/notifications/') && f.endsWith('.emails.ts')
    const kinds = [
      ...codes(/kind: '([a-z_]+)'/g, emails),
      ...codes(/kind: [\w.]+ \? '([a-z_]+)' : '[a-z_]+'/g, emails),
      ...codes(/kind: [\w.]+ \? '[a-z_]+' : '([a-z_]+)'/g, emails),
      ...expand(EMAIL_TEMPLATES, /kind: `([^`]+)`/g, emails),
    ]
    expect(kinds.length).toBeGreaterThan(30)
    expect(named(EMAIL_KIND_LABELS, kinds)).toEqual([])
  })

  it("the background jobs' kinds", () => {
    const kinds = [...MODULES.flatMap((m) => ('jobs' in m ? (m.jobs ?? []) : [])), ...FLOW_JOBS]
    expect(kinds.length).toBeGreaterThan(10)
    expect(named(JOB_KIND_LABELS, kinds)).toEqual([])
  })
})
