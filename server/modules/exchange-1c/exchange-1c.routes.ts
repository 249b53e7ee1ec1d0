import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ExchangeEnableInput, ExchangeGroupsInput, ExchangeSettingsInput } from '#common/exchange-1c.ts'
import { z } from '#common/zod.ts'
import { passThrough } from '../../http.ts'

const PageQuery = z.object({ page: z.string().optional().describe('Страница журнала, с 1') })

/**
 * The cabinet's side of the 1С exchange under /cabinet/exchange-1c: the settings and password,
 * the mapping of 1С's groups, the exchange log (and staff's, of every organization).
 * Validation and authorization are the service's. 1С's own address is exchange-1c.protocol.routes.ts.
 */
export const exchange1cRoutes: FastifyPluginAsyncZod = async (app) => {
  const { exchange1c } = app.services
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['exchange-1c'], ...schema }, ...passThrough })

  app.get('/cabinet/exchange-1c', route({ summary: 'Настройки обмена с 1С: адрес, логин, тип цен' }), async (req) => ({
    data: await exchange1c.settings(req.ctx),
  }))

  app.post(
    '/cabinet/exchange-1c/password',
    route({
      summary: 'Включить обмен или выдать новый пароль: пароль показывается только в этом ответе',
      body: ExchangeEnableInput,
    }),
    async (req) => ({ data: await exchange1c.enable(req.ctx, req.body) }),
  )

  app.delete(
    '/cabinet/exchange-1c/password',
    route({ summary: 'Выключить обмен: пароль перестаёт действовать, настройки сохраняются' }),
    async (req) => ({ data: await exchange1c.revoke(req.ctx) }),
  )

  app.patch(
    '/cabinet/exchange-1c',
    route({ summary: 'Тип цен площадки и снятие с продажи того, чего нет в 1С', body: ExchangeSettingsInput }),
    async (req) => ({ data: await exchange1c.saveSettings(req.ctx, req.body) }),
  )

  app.get(
    '/cabinet/exchange-1c/groups',
    route({ summary: 'Группы товаров 1С и их категории каталога' }),
    async (req) => ({
      data: await exchange1c.groups(req.ctx),
    }),
  )

  app.put(
    '/cabinet/exchange-1c/groups',
    route({ summary: 'Сопоставить группы 1С с категориями каталога', body: ExchangeGroupsInput }),
    async (req) => ({ data: await exchange1c.mapGroups(req.ctx, req.body) }),
  )

  app.get(
    '/cabinet/exchange-1c/log',
    route({ summary: 'Журнал обмена организации, новые сеансы сверху', querystring: PageQuery }),
    async (req) => {
      const { items, ...meta } = await exchange1c.log(req.ctx, req.query)
      return { data: items, meta }
    },
  )

  app.get(
    '/cabinet/exchange-1c/log/:id',
    route({ summary: 'Сеанс обмена: файлы, счётчики и тексты ошибок', params: z.object({ id: z.string() }) }),
    async (req) => ({ data: await exchange1c.logEntry(req.ctx, req.params.id) }),
  )

  app.get(
    '/staff/exchange-1c/log',
    route({ summary: 'Журнал обмена с 1С всех организаций (сотрудники площадки)', querystring: PageQuery }),
    async (req) => {
      const { items, ...meta } = await exchange1c.staffLog(req.ctx, req.query)
      return { data: items, meta }
    },
  )
}
