import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { VerificationListQuery } from '#common/organizations.schemas.ts'
import { z } from '#common/zod.ts'
import { StaffCommentBody, VerificationListItemSchema, VerificationSchema } from '../organizations.api.ts'
import { data, pageOf, passThrough, toPageBody } from '../../../http.ts'

/** Staff endpoints of role verification; the service refuses everyone but platform staff (403). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const orgs = app.services.organizations
  const staff = <S extends object>(schema: S) => ({ schema: { tags: ['staff'], ...schema }, ...passThrough })
  const RoleIdParams = z.object({ roleId: z.string() })

  app.get(
    '/staff/verifications',
    staff({
      summary: 'Заявки на роли организаций (сотрудники платформы)',
      querystring: VerificationListQuery,
      response: { 200: pageOf(VerificationListItemSchema) },
    }),
    async (req) => toPageBody(await orgs.listVerifications(req.ctx, req.query)),
  )

  app.get(
    '/staff/verifications/:roleId',
    staff({ summary: 'Заявка на роль', params: RoleIdParams, response: { 200: data(VerificationSchema) } }),
    async (req) => ({ data: await orgs.getVerification(req.ctx, req.params.roleId) }),
  )

  app.post(
    '/staff/verifications/:roleId/approve',
    staff({
      summary: 'Подтвердить роль',
      params: RoleIdParams,
      body: StaffCommentBody.optional(),
      response: { 200: data(VerificationSchema) },
    }),
    async (req) => ({ data: await orgs.approveRole(req.ctx, req.params.roleId, req.body) }),
  )

  app.post(
    '/staff/verifications/:roleId/request-fixes',
    staff({
      summary: 'Вернуть заявку на доработку (комментарий обязателен)',
      params: RoleIdParams,
      body: StaffCommentBody.required(),
      response: { 200: data(VerificationSchema) },
    }),
    async (req) => ({ data: await orgs.requestRoleFixes(req.ctx, req.params.roleId, req.body) }),
  )
}
