import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type ChatMessage,
  type ChatMessagePage,
  type ChatReport,
  type ChatRoom,
  type ChatRoomList,
  EditMessageInput,
  MessagePageQuery,
  OpenRoomInput,
  ReportInput,
  ReportListQuery,
  RoomListQuery,
  SendMessageInput,
} from '#common/chat.ts'
import { z } from '#common/zod.ts'
import { data, passThrough } from '../../http.ts'
import { sendStoredFile } from '../files/index.ts'

const Guid = z.object({ guid: z.string() })
const Id = z.object({ id: z.string() })
const Room = data(z.custom<ChatRoom>())
const Message = data(z.custom<ChatMessage>())

/** The chat's REST side; the services check membership (another's room is a 404) and everything else. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app.services
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['chat'], ...schema }, ...passThrough })

  app.post(
    '/chat/token',
    route({
      summary: 'Токен подключения к чату в реальном времени (JWT HS256, sub = id пользователя)',
      response: { 200: z.object({ token: z.string() }) },
    }),
    async (req) => ({ token: await chat.issueToken(req.ctx) }),
  )

  app.get(
    '/chat/rooms',
    route({
      summary:
        'Чаты организаций пользователя: последние сообщения, непрочитанные, поиск по названию; before — nextCursor прошлой страницы',
      querystring: RoomListQuery,
      response: { 200: data(z.custom<ChatRoomList>()) },
    }),
    async (req) => ({ data: await chat.listRooms(req.ctx, req.query) }),
  )

  app.post(
    '/chat/rooms',
    route({
      summary: 'Открыть чат с продавцом (один на пару организаций); товар становится карточкой чата',
      body: OpenRoomInput,
      response: { 200: Room, 201: Room },
    }),
    async (req, reply) => {
      const { room, created } = await chat.openDirectRoom(req.ctx, req.body)
      return reply.status(created ? 201 : 200).send({ data: room })
    },
  )

  app.get('/chat/rooms/:guid', route({ summary: 'Чат', params: Guid, response: { 200: Room } }), async (req) => ({
    data: await chat.getRoom(req.ctx, req.params.guid),
  }))

  app.get(
    '/chat/rooms/:guid/messages',
    route({
      summary: 'Сообщения чата, от старых к новым; before — id сообщения, до которого загрузить',
      params: Guid,
      querystring: MessagePageQuery,
      response: { 200: data(z.custom<ChatMessagePage>()) },
    }),
    async (req) => ({ data: await chat.listMessages(req.ctx, req.params.guid, req.query) }),
  )

  app.post(
    '/chat/rooms/:guid/messages',
    route({
      summary: 'Отправить сообщение; повтор с тем же clientId вернёт уже сохранённое',
      params: Guid,
      body: SendMessageInput,
      response: { 200: Message, 201: Message },
    }),
    async (req, reply) => {
      const { message, created } = await chat.send(req.ctx, req.params.guid, req.body)
      return reply.status(created ? 201 : 200).send({ data: message })
    },
  )

  app.post(
    '/chat/rooms/:guid/read',
    route({
      summary: 'Отметить чат прочитанным; ответ — непрочитанные во всех чатах',
      params: Guid,
      response: { 200: data(z.object({ unreadCount: z.number().int() })) },
    }),
    async (req) => ({ data: await chat.markRead(req.ctx, req.params.guid) }),
  )

  app.get(
    '/chat/rooms/:guid/files/:fileId',
    route({
      summary: 'Файл из сообщения чата (только участникам)',
      params: z.object({ guid: z.string(), fileId: z.string() }),
    }),
    async (req, reply) => {
      const { meta, data: bytes } = await chat.readFile(req.ctx, req.params.guid, req.params.fileId)
      // Pictures are shown in the conversation; everything else is downloaded.
      return sendStoredFile(
        reply,
        { data: bytes, mimeType: meta.mimeType, name: meta.originalName },
        { inline: meta.mimeType.startsWith('image/'), maxAgeSeconds: 3600 },
      )
    },
  )

  app.patch(
    '/chat/messages/:id',
    route({
      summary: 'Изменить своё сообщение (в течение часа)',
      params: Id,
      body: EditMessageInput,
      response: { 200: Message },
    }),
    async (req) => ({ data: await chat.edit(req.ctx, req.params.id, req.body) }),
  )

  app.delete(
    '/chat/messages/:id',
    route({ summary: 'Удалить своё сообщение (в течение часа)', params: Id, response: { 200: Message } }),
    async (req) => ({ data: await chat.remove(req.ctx, req.params.id) }),
  )

  app.post(
    '/chat/messages/:id/report',
    route({
      summary: 'Пожаловаться модераторам на сообщение',
      params: Id,
      body: ReportInput,
      response: { 201: data(z.object({ id: z.string() })) },
    }),
    async (req, reply) => reply.status(201).send({ data: await chat.safety.report(req.ctx, req.params.id, req.body) }),
  )

  app.put(
    '/chat/blocks/:organizationId',
    route({
      summary: 'Заблокировать организацию: переписка с ней закрыта',
      params: z.object({ organizationId: z.string() }),
      response: { 204: z.null() },
    }),
    async (req, reply) => {
      await chat.safety.block(req.ctx, req.params.organizationId)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/chat/blocks/:organizationId',
    route({
      summary: 'Разблокировать организацию',
      params: z.object({ organizationId: z.string() }),
      response: { 204: z.null() },
    }),
    async (req, reply) => {
      await chat.safety.unblock(req.ctx, req.params.organizationId)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/chat/digest/unsubscribe',
    route({
      summary: 'Отписаться от писем о непрочитанных сообщениях (по ссылке из письма)',
      body: z.object({ token: z.string() }),
      response: { 204: z.null() },
    }),
    async (req, reply) => {
      await chat.digests.unsubscribe(req.ctx, req.body)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/staff/chat/reports',
    {
      schema: {
        tags: ['staff'],
        summary: 'Жалобы на сообщения чата',
        querystring: ReportListQuery,
        response: { 200: data(z.object({ items: z.array(z.custom<ChatReport>()) })) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await chat.safety.listReports(req.ctx, req.query) }),
  )

  app.post(
    '/staff/chat/reports/:id/resolve',
    { schema: { tags: ['staff'], summary: 'Закрыть жалобу', params: Id, response: { 204: z.null() } }, ...passThrough },
    async (req, reply) => {
      await chat.safety.resolveReport(req.ctx, req.params.id)
      return reply.status(204).send(null)
    },
  )
}
