import { redirect, type RouterContextProvider } from 'react-router'
import { actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { COMPANY_PATH, type CompanyResult } from '#app/components/company/company-ui.ts'
import { getAppContext } from '#app/lib/load-context.ts'

const done = (message: string): CompanyResult => ({ ok: true, message })

/**
 * A refusal shown next to the form that caused it. Not found and forbidden are answers too here
 * (a member removed meanwhile, an expired link), not reasons to replace the page with an error.
 */
const failure = (error: unknown, values: Record<string, string>) =>
  actionFailure(error, values, { alsoAnswer: ['not_found', 'forbidden', 'unauthorized'] })

/**
 * The company page's action: one `intent` per form, each a call of the organizations service
 * with the caller's context. Redirects where the page changes (a new or another organization).
 */
export async function companyAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, ctx } = getAppContext(context)
  const orgs = services.organizations
  const values = formValues(await request.formData())
  const { intent, organizationId = '', type = '', userId = '' } = values
  try {
    switch (intent) {
      case 'create':
        await orgs.create(ctx, values)
        return redirect(COMPANY_PATH)
      case 'select':
        await orgs.select(ctx, organizationId)
        return redirect(COMPANY_PATH)
      case 'acceptInvitation':
        await orgs.acceptInvitation(ctx, { token: values.token })
        return redirect(COMPANY_PATH)
      case 'joinRequest': {
        const request = await orgs.requestJoin(ctx, values)
        return done(
          `Заявка отправлена. Владельцы организации с ИНН ${request.inn} получат письмо и ответят вам: после одобрения она появится в вашем списке.`,
        )
      }
      case 'update':
        await orgs.update(ctx, organizationId, values)
        return done('Реквизиты сохранены')
      case 'bankRequisites':
        await orgs.setBankRequisites(ctx, organizationId, values)
        return done('Банковские реквизиты сохранены')
      case 'documentSettings':
        await orgs.setDocumentSettings(ctx, organizationId, values)
        return done('Подписанты и настройки документов сохранены')
      case 'requestRole':
        await orgs.requestRole(ctx, organizationId, { type })
        return done('Заявка создана. Приложите документы и отправьте её на проверку.')
      case 'attachDocument':
        await orgs.attachRoleDocument(ctx, organizationId, type, { fileId: values.fileId })
        return done('Документ приложен к заявке')
      case 'detachDocument':
        await orgs.detachRoleDocument(ctx, organizationId, type, values.fileId ?? '')
        return done('Документ откреплён')
      case 'submitRole':
        await orgs.submitRole(ctx, organizationId, type)
        return done('Заявка отправлена на проверку')
      case 'invite': {
        const invitation = await orgs.invite(ctx, organizationId, values)
        return done(`Приглашение отправлено на ${invitation.email}`)
      }
      case 'revokeInvitation':
        await orgs.revokeInvitation(ctx, organizationId, values.invitationId ?? '')
        return done('Приглашение отозвано')
      case 'changeMemberRole':
        await orgs.changeMemberRole(ctx, organizationId, userId, { role: values.role })
        return done('Роль участника изменена')
      case 'removeMember':
        await orgs.removeMember(ctx, organizationId, userId)
        if (userId === ctx.user?.id) return redirect(COMPANY_PATH)
        return done('Участник удалён из организации')
      case 'decideJoinRequest': {
        const { status } = await orgs.decideJoinRequest(ctx, organizationId, values.requestId ?? '', values)
        return done(status === 'accepted' ? 'Заявка принята: пользователь добавлен' : 'Заявка отклонена')
      }
      case 'exchange1cEnable': {
        const enabled = await services.exchange1c.enable(ctx, values.login ? { login: values.login } : {})
        return { ok: true as const, message: 'Обмен с 1С включён', password: enabled.password, login: enabled.login }
      }
      case 'exchange1cRevoke':
        await services.exchange1c.revoke(ctx)
        return done('Обмен с 1С выключен: пароль больше не действует')
      case 'exchange1cSettings':
        await services.exchange1c.saveSettings(ctx, {
          priceType: values.priceType ?? '',
          takeOffMissing: values.takeOffMissing === 'on',
        })
        return done('Настройки обмена сохранены')
      default:
        return unknownIntent(values)
    }
  } catch (error) {
    return failure(error, values)
  }
}
