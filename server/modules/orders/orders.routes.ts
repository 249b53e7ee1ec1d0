import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CancelOrderInput,
  CartAddInput,
  CartQuantityInput,
  CheckoutInput,
  ConfirmOrderInput,
  OrderCommentInput,
  OrderListQuery,
  ShipOrderInput,
} from '#common/orders.schemas.ts'
import { CorrectionDecisionInput, CorrectionRequestInput } from '#common/order-corrections.ts'
import { data, IdempotencyHeaders, pageOf, passThrough, toPageBody } from '../../http.ts'
import { sendStoredFile } from '../files/index.ts'
import {
  CartAddedSchema,
  CartViewSchema,
  DocumentParams,
  CheckoutResultSchema,
  CorrectionDecisionParams,
  NumberParams,
  OrderDetailsSchema,
  OrderParams,
  OrderSummarySchema,
  ProductParams,
} from './orders.api.ts'

/**
 * The cart of the selected organization, the checkout and both sides' orders. Validation and
 * authorization are the services'; these adapt HTTP to them.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, flows } = app.services
  const { placeOrders, moveOrder, correctOrder } = flows
  const { cart } = orders
  const route = <S extends object>(tag: string, schema: S) => ({ schema: { tags: [tag], ...schema }, ...passThrough })
  const Cart = { 200: data(CartViewSchema) }
  const Order = { 200: data(OrderDetailsSchema) }

  app.get(
    '/cart',
    route('cart', { summary: 'Корзина выбранной организации по продавцам', response: Cart }),
    async (req) => ({
      data: await cart.view(req.ctx),
    }),
  )

  app.post(
    '/cart/items',
    route('cart', {
      summary:
        'Положить предложение продавца в корзину (или добавить количество; заголовок Idempotency-Key делает повтор безопасным)',
      description:
        'Предложения одной модели от разных продавцов — разные строки корзины: у каждого продавца свой заказ.',
      headers: IdempotencyHeaders,
      body: CartAddInput,
      response: { 200: data(CartAddedSchema) },
    }),
    async (req) => ({ data: await cart.add(req.ctx, req.body, req.headers['idempotency-key']) }),
  )

  app.patch(
    '/cart/items/:productId',
    route('cart', { summary: 'Изменить количество', params: ProductParams, body: CartQuantityInput, response: Cart }),
    async (req) => ({ data: await cart.setQuantity(req.ctx, req.params.productId, req.body) }),
  )

  app.delete(
    '/cart/items/:productId',
    route('cart', { summary: 'Убрать товар из корзины', params: ProductParams, response: Cart }),
    async (req) => ({ data: await cart.remove(req.ctx, req.params.productId) }),
  )

  app.post(
    '/checkout',
    route('orders', {
      summary: 'Оформить корзину: по заказу на каждого продавца (повтор с тем же checkoutKey ничего не создаёт)',
      body: CheckoutInput,
      response: { 201: data(CheckoutResultSchema) },
    }),
    async (req, reply) => reply.status(201).send({ data: await placeOrders(req.ctx, req.body) }),
  )

  app.get(
    '/orders',
    route('orders', {
      summary: 'Заказы выбранной организации: покупки или продажи, фильтр, поиск, страница',
      querystring: OrderListQuery,
      response: { 200: pageOf(OrderSummarySchema) },
    }),
    async (req) => toPageBody(await orders.list(req.ctx, req.query)),
  )

  app.get(
    '/orders/:side/:number',
    route('orders', {
      summary: 'Заказ: строки, реквизиты, доставка, история, доступные действия',
      params: OrderParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.get(req.ctx, req.params.side, req.params.number) }),
  )

  const sellerMoves = [
    ['confirm', 'confirm', 'Подтвердить заказ (продавец), можно указать дату доставки', ConfirmOrderInput],
    ['mark-paid', 'markPaid', 'Отметить, что оплата получена (продавец)', OrderCommentInput],
    ['ship', 'ship', 'Отгрузить: трек-номер или документ, серийные номера (продавец)', ShipOrderInput],
  ] as const
  for (const [path, method, summary, body] of sellerMoves) {
    app.post(
      `/orders/sale/:number/${path}`,
      route('orders', { summary, params: NumberParams, body, response: Order }),
      async (req) => ({ data: await moveOrder[method](req.ctx, req.params.number, req.body) }),
    )
  }

  const buyerMoves = [
    ['confirm-delivery', 'confirmDelivery', 'Подтвердить получение (покупатель)'],
    ['complete', 'complete', 'Завершить доставленный заказ (покупатель)'],
  ] as const
  for (const [path, method, summary] of buyerMoves) {
    app.post(
      `/orders/purchase/:number/${path}`,
      route('orders', { summary, params: NumberParams, body: OrderCommentInput.optional(), response: Order }),
      async (req) => ({ data: await moveOrder[method](req.ctx, req.params.number, req.body) }),
    )
  }

  app.post(
    '/orders/purchase/:number/registration-done',
    route('orders', {
      summary: 'Беспилотники заказа поставлены на учёт: напоминания прекращаются',
      params: NumberParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.markRegistered(req.ctx, req.params.number) }),
  )

  app.get(
    '/orders/:side/:number/documents/shipping',
    route('orders', { summary: 'Транспортный документ, приложенный продавцом при отгрузке', params: OrderParams }),
    async (req, reply) => {
      const file = await orders.shippingDocument(req.ctx, req.params.side, req.params.number)
      return sendStoredFile(reply, file)
    },
  )

  app.get(
    '/orders/:side/:number/documents/:file',
    route('orders', {
      summary:
        'Документ заказа в PDF: invoice.pdf (счёт на оплату, после подтверждения), delivery-note.pdf (накладная, после отгрузки)',
      params: DocumentParams,
    }),
    async (req, reply) => {
      const kind = req.params.file.replace(/\.pdf$/, '')
      const { pdf, filename } = await orders.document(req.ctx, req.params.side, req.params.number, kind)
      return sendStoredFile(reply, { data: pdf, mimeType: 'application/pdf', name: filename })
    },
  )

  app.get(
    '/staff/orders',
    route('staff', {
      summary: 'Все заказы площадки (только чтение): фильтр, поиск, страница',
      querystring: OrderListQuery,
      response: { 200: pageOf(OrderSummarySchema) },
    }),
    async (req) => toPageBody(await orders.staffList(req.ctx, req.query)),
  )

  app.get(
    '/staff/orders/:number',
    route('staff', {
      summary: 'Заказ для сотрудника (только чтение; просмотр пишется в журнал)',
      params: NumberParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.staffGet(req.ctx, req.params.number) }),
  )

  app.post(
    '/orders/:side/:number/cancel',
    route('orders', {
      summary: 'Отменить новый или подтверждённый заказ с причиной',
      params: OrderParams,
      body: CancelOrderInput,
      response: Order,
    }),
    async (req) => ({ data: await moveOrder.cancel(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.post(
    '/orders/:side/:number/corrections',
    route('orders', {
      summary:
        'Предложить корректировку полученного заказа: возврат части товара (покупатель) или новые цены позиций (любая сторона)',
      description:
        'Решение принимает другая сторона; принятая корректировка выставляет УКД к УПД заказа. Одновременно ожидает решения одна корректировка.',
      params: OrderParams,
      body: CorrectionRequestInput,
      response: Order,
    }),
    async (req) => ({ data: await correctOrder.propose(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.post(
    '/orders/:side/:number/corrections/:correction/:decision',
    route('orders', {
      summary:
        'Решение по корректировке: принять (выставляется УКД) или отклонить с причиной — другой стороной; отозвать — её автором',
      params: CorrectionDecisionParams,
      body: CorrectionDecisionInput,
      response: Order,
    }),
    async (req) => ({
      data: await correctOrder.decide(
        req.ctx,
        req.params.side,
        req.params.number,
        req.params.correction,
        req.params.decision,
        req.body,
      ),
    }),
  )

  app.post(
    '/orders/sale/:number/documents/upd',
    route('orders', {
      summary:
        'Выставить УПД заказа, отгруженного без него (продавец): датируется днём отгрузки, покупатель получает уведомление',
      params: NumberParams,
      response: Order,
    }),
    async (req) => ({ data: await moveOrder.issueUpd(req.ctx, req.params.number) }),
  )
}
