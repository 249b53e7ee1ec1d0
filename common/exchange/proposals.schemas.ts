import { calendarDate } from '../calendar-date.ts'
import { moscowToday } from '../moscow-days.ts'
import { multiLineText } from '../text.ts'
import { z } from '../zod.ts'
import { PROPOSAL_LIMITS, PROPOSAL_MESSAGES } from './proposals.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * The inputs of a proposal and of a refusal, checked the same way by the API and the request
 * page's forms. Money is in kopecks as everywhere in the API; the form takes rubles and converts
 * (as the offer editor does).
 */

const tooLong = (max: number) => `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`
const workDate = (message: string) =>
  calendarDate(message).refine((value) => value >= moscowToday(), { error: PROPOSAL_MESSAGES.pastDate })

export const ProposalInput = z
  .object({
    priceKopecks: z
      .number({ error: PROPOSAL_MESSAGES.price })
      .int(PROPOSAL_MESSAGES.price)
      .positive(PROPOSAL_MESSAGES.price)
      .max(PROPOSAL_LIMITS.maxPriceKopecks, PROPOSAL_MESSAGES.price),
    startsOn: workDate(PROPOSAL_MESSAGES.startsOn),
    endsOn: workDate(PROPOSAL_MESSAGES.endsOn),
    terms: multiLineText().max(PROPOSAL_LIMITS.terms, tooLong(PROPOSAL_LIMITS.terms)).optional().default(''),
    message: multiLineText().max(PROPOSAL_LIMITS.message, tooLong(PROPOSAL_LIMITS.message)).optional().default(''),
    /** Files uploaded through /files by the vendor (their ids). */
    fileIds: z
      .array(z.uuid(PROPOSAL_MESSAGES.fileNotFound))
      .max(PROPOSAL_LIMITS.files, PROPOSAL_MESSAGES.files)
      .optional()
      .default([]),
  })
  .refine((p) => p.endsOn >= p.startsOn, {
    path: ['endsOn'],
    error: PROPOSAL_MESSAGES.dates,
    // Checked beside the other fields' errors (not only once they pass), as long as both dates are dates.
    when: (payload) => payload.issues.every((i) => i.path?.[0] !== 'startsOn' && i.path?.[0] !== 'endsOn'),
  })
export type ProposalInputValue = z.input<typeof ProposalInput>

export const RejectProposalInput = z.object({
  reason: multiLineText({ error: PROPOSAL_MESSAGES.reason })
    .min(1, PROPOSAL_MESSAGES.reason)
    .max(PROPOSAL_LIMITS.reason, tooLong(PROPOSAL_LIMITS.reason)),
})

/** Rubles as typed in the form («150 000,50») to kopecks; null when it is not a sum. */
export function rublesToKopecks(typed: string): number | null {
  const cleaned = typed.replace(/[\s\u00a0₽]/g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return Math.round(Number(cleaned) * 100)
}
