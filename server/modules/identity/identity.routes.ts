import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EmailChangeInput,
  EmailLinkInput,
  LoginInput,
  PasswordChangeInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  ProfileUpdateInput,
  RegisterInput,
} from '#common/auth.ts'
import { MEMBER_ROLES, ROLE_TYPES, VERIFICATION_STATUSES } from '#common/organizations.ts'
import { z } from '#common/zod.ts'
import type { Ctx } from '../../context.ts'
import {
  clearGuestCookie,
  clearSessionCookie,
  DEVICE_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/session.ts'
import { data, passThrough } from '../../http.ts'

export const WhoamiSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  name: z.string(),
  phone: z.string().nullable(),
  isStaff: z.boolean(),
  organizations: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      inn: z.string(),
      isSelected: z.boolean(),
      memberRole: z.enum(MEMBER_ROLES),
      roles: z.array(
        z.object({ type: z.enum(ROLE_TYPES), confirmed: z.boolean(), status: z.enum(VERIFICATION_STATUSES) }),
      ),
    }),
  ),
})
const Whoami = data(WhoamiSchema)
const EmailLinkResult = z.object({
  data: z.object({ kind: z.enum(['registered', 'changed', 'confirmed', 'cancelled', 'reverted']), email: z.string() }),
})
const PendingEmail = z.object({ email: z.string(), expiresAt: z.date() })
const SessionList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      createdAt: z.date(),
      lastSeenAt: z.date(),
      ip: z.string(),
      userAgent: z.string(),
      current: z.boolean(),
    }),
  ),
})

// Services validate input with the same schemas and answer Russian field errors; the schemas
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.services.identity

  /**
   * A guest who signs in brings their compare list into the account, and the browser stops being
   * a guest. A failed merge never fails the sign-in: the cookie stays for the next one.
   */
  async function adoptGuest(req: FastifyRequest, reply: FastifyReply, ctx: Ctx, userId: string | undefined) {
    if (!ctx.guestId || !userId) return
    try {
      await app.services.compare.mergeGuestIntoUser(ctx, ctx.guestId, userId)
      clearGuestCookie(reply, app.config)
    } catch (err) {
      req.log.error({ err }, 'merging the guest compare list failed')
    }
  }
  const userOf = async (ctx: Ctx, token: string) => (await identity.resolveSession(ctx, token))?.user.id

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Регистрация: письмо со ссылкой, по которой создаётся аккаунт (ответ тот же, если адрес уже занят)',
        body: RegisterInput,
        response: { 202: data(z.object({ email: z.string() })) },
      },
      ...passThrough,
    },
    async (req, reply) => {
      const sent = await identity.register(req.ctx, req.body)
      return reply.status(202).send({ data: sent })
    },
  )

  app.post(
    '/auth/email/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ссылка из письма: завершить регистрацию, сменить или подтвердить адрес',
        body: EmailLinkInput,
        response: { 200: EmailLinkResult },
      },
      ...passThrough,
    },
    async (req, reply) => {
      const ctx = req.ctx
      const { session, ...outcome } = await identity.confirmEmail(ctx, req.body)
      if (session && outcome.kind === 'registered') {
        setSessionCookie(reply, app.config, session.token, session.expiresAt)
        await adoptGuest(req, reply, ctx, outcome.userId)
      }
      return { data: { kind: outcome.kind, email: outcome.email } }
    },
  )

  app.post(
    '/auth/email/cancel',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ссылка из письма на прежний адрес: отменить смену адреса (или вернуть прежний)',
        body: EmailLinkInput,
        response: { 200: EmailLinkResult },
      },
      ...passThrough,
    },
    async (req) => ({ data: await identity.cancelEmailChangeByLink(req.ctx, req.body) }),
  )

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Вход',
        body: LoginInput,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      ...passThrough,
    },
    async (req, reply) => {
      const ctx = req.ctx
      const session = await identity.login(ctx, req.body, req.cookies[DEVICE_COOKIE])
      setSessionCookie(reply, app.config, session.token, session.expiresAt)
      setDeviceCookie(reply, app.config, session.device.token, session.device.expiresAt)
      if (ctx.guestId) await adoptGuest(req, reply, ctx, await userOf(ctx, session.token))
      return { ok: true as const }
    },
  )

  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Выход' } }, async (req, reply) => {
    await identity.logout(req.ctx)
    clearSessionCookie(reply, app.config)
    return reply.status(204).send()
  })

  app.post(
    '/auth/password-reset',
    {
      schema: { tags: ['auth'], summary: 'Письмо со ссылкой для смены пароля', body: PasswordResetRequestInput },
      ...passThrough,
    },
    async (req, reply) => {
      await identity.requestPasswordReset(req.ctx, req.body)
      return reply.status(202).send({ ok: true })
    },
  )

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: { tags: ['auth'], summary: 'Новый пароль по ссылке из письма', body: PasswordResetConfirmInput },
      ...passThrough,
    },
    async (req, reply) => {
      const ctx = req.ctx
      const session = await identity.resetPassword(ctx, req.body)
      setSessionCookie(reply, app.config, session.token, session.expiresAt)
      if (ctx.guestId) await adoptGuest(req, reply, ctx, await userOf(ctx, session.token))
      return { ok: true }
    },
  )

  app.get(
    '/users/whoami',
    { schema: { tags: ['users'], summary: 'Текущий пользователь и его организации', response: { 200: Whoami } } },
    async (req) => ({ data: await identity.whoami(req.ctx) }),
  )

  app.patch(
    '/users/me',
    { schema: { tags: ['users'], summary: 'Имя и телефон', body: ProfileUpdateInput }, ...passThrough },
    async (req, reply) => {
      await identity.updateProfile(req.ctx, req.body)
      return reply.status(204).send()
    },
  )

  app.post(
    '/users/me/email',
    {
      schema: {
        tags: ['users'],
        summary: 'Смена email (нужен текущий пароль): адрес сменится, когда откроют ссылку из письма на него',
        body: EmailChangeInput,
        response: { 202: data(PendingEmail) },
      },
      ...passThrough,
    },
    async (req, reply) => {
      const pending = await identity.changeEmail(req.ctx, req.body)
      return reply.status(202).send({ data: pending })
    },
  )

  app.delete(
    '/users/me/email/pending',
    { schema: { tags: ['users'], summary: 'Отменить смену email, ожидающую подтверждения' } },
    async (req, reply) => {
      await identity.cancelPendingEmailChange(req.ctx)
      return reply.status(204).send()
    },
  )

  app.post(
    '/users/me/email/confirmation',
    { schema: { tags: ['users'], summary: 'Письмо со ссылкой для подтверждения текущего email' } },
    async (req, reply) => {
      await identity.requestEmailConfirmation(req.ctx)
      return reply.status(202).send({ ok: true })
    },
  )

  app.post(
    '/users/me/password',
    {
      schema: { tags: ['users'], summary: 'Смена пароля; другие сеансы завершаются', body: PasswordChangeInput },
      ...passThrough,
    },
    async (req, reply) => {
      await identity.changePassword(req.ctx, req.body)
      return reply.status(204).send()
    },
  )

  app.get(
    '/users/me/sessions',
    { schema: { tags: ['users'], summary: 'Активные сеансы', response: { 200: SessionList } } },
    async (req) => ({ data: await identity.listSessions(req.ctx) }),
  )

  app.delete(
    '/users/me/sessions/:id',
    { schema: { tags: ['users'], summary: 'Завершить сеанс', params: z.object({ id: z.string().max(100) }) } },
    async (req, reply) => {
      await identity.endSession(req.ctx, req.params.id)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/users/me/sessions',
    { schema: { tags: ['users'], summary: 'Завершить все сеансы, кроме текущего' } },
    async (req, reply) => {
      await identity.endOtherSessions(req.ctx)
      return reply.status(204).send()
    },
  )
}
