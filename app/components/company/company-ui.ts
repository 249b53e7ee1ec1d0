import { useFetcher } from 'react-router'
import type { AppLoadContext } from '#app/lib/load-context.ts'
import type { ActionResult } from '#app/lib/action-result.ts'

/** Shared bits of the company page's blocks. */

// What the loader hands over, typed through the load context's services.
type Organizations = AppLoadContext['services']['organizations']
export type OrganizationView = Awaited<ReturnType<Organizations['get']>>
export type RoleView = Awaited<ReturnType<Organizations['listRoles']>>[number]
export type MembersView = Awaited<ReturnType<Organizations['listMembers']>>
export type JoinRequestView = Awaited<ReturnType<Organizations['listJoinRequests']>>[number]
export type InvitationPreview = Awaited<ReturnType<Organizations['previewInvitation']>>

export const COMPANY_PATH = '/personal-account/company'

/** The block of signatories on the company page: a refused order confirmation points there. */
export const DOCUMENT_SETTINGS_ANCHOR = 'document-settings'

/** What every block's fetcher gets back: a short confirmation, or the refusal with the input kept. */
export type CompanyResult = ActionResult<{
  message: string
  /** The exchange with 1С's password, in the answer that gave it only. */
  password?: string
  login?: string | null
}>

export type Exchange1cView = Awaited<ReturnType<AppLoadContext['services']['exchange1c']['settings']>>

/**
 * A fetcher of one block: its result, field errors and the values to put back stay with that
 * block, so an error in one form never wipes what was typed in another.
 */
export function useCompanyFetcher(key?: string) {
  const fetcher = useFetcher<CompanyResult>(key ? { key } : undefined)
  const result = fetcher.data
  const failure = result && !result.ok ? result : undefined
  return {
    fetcher,
    failure,
    success: result?.ok ? result.message : undefined,
    errors: failure?.fieldErrors ?? {},
    values: failure?.values ?? {},
    busy: fetcher.state !== 'idle',
  }
}
