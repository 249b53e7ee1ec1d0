/** A lead from the site's forms as staff work it; apart from staff.ts, so pages showing it load no zod. */
export const LEAD_STATUSES = ['new', 'in_progress', 'done'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  done: 'Закрыта',
}
