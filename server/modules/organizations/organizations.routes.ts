import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { BankRequisitesInput } from '#common/bank-requisites.schemas.ts'
import { DocumentSettingsInput } from '#common/document-settings.schemas.ts'
import {
  AcceptInvitationInput,
  InvitationInput,
  JoinDecisionInput,
  JoinRequestInput,
  MemberRoleInput,
  OrganizationInput,
  OrganizationUpdateInput,
  RoleDocumentInput,
  RoleRequestInput,
} from '#common/organizations.schemas.ts'
import { z } from '#common/zod.ts'
import {
  BankRequisitesSchema,
  DocumentSettingsSchema,
  CompanyFactsSchema,
  IdParams,
  JoinRequestSchema,
  MembersSchema,
  OrganizationSchema,
  RoleSchema,
} from './organizations.api.ts'
import { verificationRoutes } from './verification/verification.routes.ts'
import { data, passThrough } from '../../http.ts'

// Services validate input with the same schemas and answer Russian field errors; the schemas
const RoleParams = IdParams.extend({ type: z.enum(['buyer', 'vendor']) })
const tags = ['organizations']

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orgs = app.services.organizations
  const opts = <S extends object>(schema: S) => ({ schema: { tags, ...schema }, ...passThrough })

  app.post(
    '/organizations',
    opts({
      summary: 'Регистрация организации (создатель становится владельцем)',
      description:
        'Организация с тем же ИНН — 409 с сообщением в `fields.inn` и id существующей в `fields.existingOrganizationId`: можно отправить заявку на вступление.',
      body: OrganizationInput,
      response: { 201: data(OrganizationSchema) },
    }),
    async (req, reply) => reply.status(201).send({ data: await orgs.create(req.ctx, req.body) }),
  )

  app.post(
    '/organizations/join-requests',
    opts({
      summary: 'Заявка на вступление в организацию по ИНН',
      body: JoinRequestInput,
      response: { 201: data(z.object({ id: z.uuid(), inn: z.string(), status: z.literal('pending') })) },
    }),
    async (req, reply) => reply.status(201).send({ data: await orgs.requestJoin(req.ctx, req.body) }),
  )

  app.get(
    '/organizations/lookup',
    opts({
      summary: 'Реквизиты компании по ИНН из ЕГРЮЛ/ЕГРИП (DaData), для формы регистрации',
      description:
        'Наименование, КПП, ОГРН и адрес по ИНН. 404 — нет в реестре или провайдер не подключён; 503 — провайдер не отвечает.',
      querystring: z.object({ inn: z.string().max(20) }),
      response: { 200: data(CompanyFactsSchema) },
    }),
    async (req) => ({ data: await orgs.lookupCompany(req.ctx, req.query) }),
  )

  app.get(
    '/organizations/:id',
    opts({ summary: 'Реквизиты организации', params: IdParams, response: { 200: data(OrganizationSchema) } }),
    async (req) => ({ data: await orgs.get(req.ctx, req.params.id) }),
  )

  app.patch(
    '/organizations/:id',
    opts({
      summary: 'Изменить реквизиты (владелец, администратор); ИНН, ОГРН и форма не меняются',
      params: IdParams,
      body: OrganizationUpdateInput,
      response: { 200: data(OrganizationSchema) },
    }),
    async (req) => ({ data: await orgs.update(req.ctx, req.params.id, req.body) }),
  )

  app.put(
    '/organizations/:id/bank-requisites',
    opts({
      summary: 'Указать банковские реквизиты для счетов (владелец, администратор)',
      description:
        'Все четыре поля сразу. Расчётный и корреспондентский счета проверяются по БИК (контрольный ключ Банка России); ошибка — 400 с сообщением в `fields`.',
      params: IdParams,
      body: BankRequisitesInput,
      response: { 200: data(BankRequisitesSchema) },
    }),
    async (req) => ({ data: await orgs.setBankRequisites(req.ctx, req.params.id, req.body) }),
  )

  app.put(
    '/organizations/:id/document-settings',
    opts({
      summary: 'Указать подписантов документов и статус по НДС (владелец, администратор)',
      description:
        'Руководитель обязателен; главный бухгалтер — по желанию. `signer: attorney` — документы подписывает лицо по доверенности (имя, должность, номер и дата). Ошибка — 400 с сообщением в `fields`.',
      params: IdParams,
      body: DocumentSettingsInput,
      response: { 200: data(DocumentSettingsSchema) },
    }),
    async (req) => ({ data: await orgs.setDocumentSettings(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/organizations/:id/select',
    opts({ summary: 'Работать от имени этой организации', params: IdParams }),
    async (req, reply) => {
      await orgs.select(req.ctx, req.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/organizations/:id/members',
    opts({ summary: 'Участники и открытые приглашения', params: IdParams, response: { 200: data(MembersSchema) } }),
    async (req) => ({ data: await orgs.listMembers(req.ctx, req.params.id) }),
  )

  app.post(
    '/organizations/:id/invitations',
    opts({
      summary: 'Пригласить по e-mail (владелец, администратор); ссылка действует 7 дней',
      params: IdParams,
      body: InvitationInput,
      response: { 201: data(z.object({ id: z.uuid(), email: z.string(), role: z.enum(['admin', 'member']) })) },
    }),
    async (req, reply) => reply.status(201).send({ data: await orgs.invite(req.ctx, req.params.id, req.body) }),
  )

  app.delete(
    '/organizations/:id/invitations/:invitationId',
    opts({ summary: 'Отозвать приглашение', params: IdParams.extend({ invitationId: z.string() }) }),
    async (req, reply) => {
      await orgs.revokeInvitation(req.ctx, req.params.id, req.params.invitationId)
      return reply.status(204).send()
    },
  )

  app.post(
    '/invitations/accept',
    opts({
      summary: 'Принять приглашение (адрес пользователя должен совпадать с адресом приглашения)',
      body: AcceptInvitationInput,
      response: { 200: data(z.object({ organizationId: z.uuid() })) },
    }),
    async (req) => ({ data: await orgs.acceptInvitation(req.ctx, req.body) }),
  )

  const MemberParams = IdParams.extend({ userId: z.string() })
  app.delete(
    '/organizations/:id/members/:userId',
    opts({
      summary: 'Удалить участника (или выйти самому); последний владелец остаётся',
      params: MemberParams,
    }),
    async (req, reply) => {
      await orgs.removeMember(req.ctx, req.params.id, req.params.userId)
      return reply.status(204).send()
    },
  )

  app.patch(
    '/organizations/:id/members/:userId',
    opts({ summary: 'Изменить роль участника (только владелец)', params: MemberParams, body: MemberRoleInput }),
    async (req, reply) => {
      await orgs.changeMemberRole(req.ctx, req.params.id, req.params.userId, req.body)
      return reply.status(204).send()
    },
  )

  app.get(
    '/organizations/:id/join-requests',
    opts({
      summary: 'Открытые заявки на вступление (владелец, администратор)',
      params: IdParams,
      response: { 200: data(z.array(JoinRequestSchema)) },
    }),
    async (req) => ({ data: await orgs.listJoinRequests(req.ctx, req.params.id) }),
  )

  app.post(
    '/organizations/:id/join-requests/:requestId',
    opts({
      summary: 'Принять или отклонить заявку на вступление',
      params: IdParams.extend({ requestId: z.string() }),
      body: JoinDecisionInput,
      response: { 200: data(z.object({ status: z.enum(['accepted', 'declined']) })) },
    }),
    async (req) => ({
      data: await orgs.decideJoinRequest(req.ctx, req.params.id, req.params.requestId, req.body),
    }),
  )

  app.get(
    '/organizations/:id/roles',
    opts({
      summary: 'Роли организации: статус проверки, комментарий, документы, история',
      params: IdParams,
      response: { 200: data(z.array(RoleSchema)) },
    }),
    async (req) => ({ data: await orgs.listRoles(req.ctx, req.params.id) }),
  )

  app.post(
    '/organizations/:id/roles',
    opts({
      summary: 'Запросить роль покупателя или поставщика (повторный запрос вернёт ту же заявку)',
      params: IdParams,
      body: RoleRequestInput,
      response: { 201: data(RoleSchema) },
    }),
    async (req, reply) => reply.status(201).send({ data: await orgs.requestRole(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/organizations/:id/roles/:type/documents',
    opts({
      summary: 'Приложить загруженный файл к заявке на роль',
      params: RoleParams,
      body: RoleDocumentInput,
      response: { 200: data(RoleSchema) },
    }),
    async (req) => ({
      data: await orgs.attachRoleDocument(req.ctx, req.params.id, req.params.type, req.body),
    }),
  )

  app.delete(
    '/organizations/:id/roles/:type/documents/:fileId',
    opts({
      summary: 'Открепить документ от заявки',
      params: RoleParams.extend({ fileId: z.string() }),
      response: { 200: data(RoleSchema) },
    }),
    async (req) => ({
      data: await orgs.detachRoleDocument(req.ctx, req.params.id, req.params.type, req.params.fileId),
    }),
  )

  app.post(
    '/organizations/:id/roles/:type/submit',
    opts({
      summary: 'Отправить заявку на проверку (нужен хотя бы один документ)',
      params: RoleParams,
      response: { 200: data(RoleSchema) },
    }),
    async (req) => ({ data: await orgs.submitRole(req.ctx, req.params.id, req.params.type) }),
  )

  await app.register(verificationRoutes)
}
