import type { RouterContextProvider } from 'react-router'
import { type ActionResult, actionFailure, formValues } from './action-result.ts'
import { pagePath } from './http-errors.ts'
import { getAppContext } from './load-context.ts'

/** The action of every page with an application form: store the lead, or explain what is wrong. */
export async function submitLead(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, ctx } = getAppContext(context)
  const values = formValues(await request.formData())
  const sourcePath = pagePath(request)
  try {
    const lead = await services.leads.create(ctx, { ...values, sourcePath })
    const result: ActionResult<{ leadId: string }> = { ok: true, leadId: lead.id }
    return result
  } catch (error) {
    return actionFailure(error, values)
  }
}
