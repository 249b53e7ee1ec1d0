import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  PROPOSAL_BLOCK_MESSAGES,
  type ProposalBlock,
  type ProposalView,
  type RequestProposals,
} from '#common/exchange/proposals.ts'
import { formatMoney } from '#app/lib/format.ts'
import { ProposalsSection } from './ProposalsSection.tsx'
import type { ProposalActionData } from './proposal-state.tsx'
import { quote } from '#common/format.ts'

/** The section as the request's page renders it on the server, inside a data router (its forms need one). */
function render(proposals: RequestProposals, result?: ProposalActionData) {
  const router = createMemoryRouter(
    [
      {
        path: '/services/requests/:number',
        element: <ProposalsSection data={{ proposals, submissionKey: 'key-1' }} result={result} />,
      },
    ],
    { initialEntries: ['/services/requests/Z-2611-00001'] },
  )
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))

const proposal = (overrides: Partial<ProposalView> = {}): ProposalView => ({
  id: '11111111-1111-4111-8111-111111111111',
  status: 'reviewing',
  vendor: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'ООО «Аэроагро»',
    slug: 'aeroagro',
    rating: { average: 4.67, count: 3 },
    completedOrders: 5,
  },
  priceKopecks: 180_000_00,
  startsOn: '2026-12-10',
  endsOn: '2026-12-14',
  terms: 'Два дрона, препарат заказчика',
  message: 'Готовы приступить',
  files: [
    { fileId: '33333333-3333-4333-8333-333333333333', name: 'смета.pdf', size: 2048, mimeType: 'application/pdf' },
  ],
  revision: 1,
  revisions: [],
  rejectReason: null,
  chatRoomId: '44444444-4444-4444-8444-444444444444',
  serviceOrderNumber: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
})

const view = (overrides: Partial<RequestProposals> = {}): RequestProposals => ({
  request: {
    number: 'Z-2611-00001',
    title: 'Обработать 120 га',
    status: 'open',
    allowSeveral: false,
    takingProposals: true,
  },
  viewer: 'other',
  proposals: [],
  canPropose: false,
  blocked: null,
  canDecide: false,
  today: '2026-11-27',
  ...overrides,
})

const blocked = (reason: ProposalBlock) => ({ reason, message: PROPOSAL_BLOCK_MESSAGES[reason] })

describe('the proposals section of a request', () => {
  it('gives a vendor that may answer the form with every field labelled and the submission key', () => {
    const html = render(view({ canPropose: true }))
    for (const label of ['Цена, ₽', 'Начало работ', 'Окончание работ', 'Условия', 'Сообщение заказчику']) {
      expect(html).toContain(label)
    }
    expect(html).toContain('name="intent" value="propose"')
    expect(html).toContain('name="submissionKey" value="key-1"')
    expect(html).toContain('min="2026-11-27"')
    expect(html).toContain('Отправить предложение')
  })

  it('keeps what was typed after a refusal and shows the Russian errors next to the fields', () => {
    const html = render(view({ canPropose: true }), {
      ok: false,
      message: 'Проверьте поля',
      fieldErrors: { price: 'Укажите цену — сумму в рублях больше нуля', endsOn: 'Укажите сроки' },
      values: { intent: 'propose', price: 'сто', terms: 'Мои условия', startsOn: '2026-12-01', endsOn: '' },
    })
    expect(html).toContain('value="сто"')
    expect(html).toContain('Мои условия')
    expect(html).toContain('Укажите цену — сумму в рублях больше нуля')
    expect(html).toContain('Укажите сроки')
  })

  it('tells whoever may not answer why, with the next step', () => {
    const offer = render(view({ blocked: blocked('noMatchingOffer') }))
    expect(offer).toContain(PROPOSAL_BLOCK_MESSAGES.noMatchingOffer)
    expect(hrefs(offer)).toContain('/personal-account/service-exchange/offer/new')
    expect(offer).not.toContain('value="propose"')
    const guest = render(view({ blocked: blocked('signIn') }))
    expect(guest).toContain(PROPOSAL_BLOCK_MESSAGES.signIn)
    expect(guest).toContain('Войти')
    expect(hrefs(render(view({ blocked: blocked('notVendor') })))).toContain('/personal-account/company')
    expect(render(view({ blocked: blocked('closed') }))).toContain(PROPOSAL_BLOCK_MESSAGES.closed)
  })

  it('shows the proposer its proposal, the room, «Изменить предложение» and the earlier versions', () => {
    const html = render(
      view({
        viewer: 'vendor',
        proposals: [
          proposal({
            revision: 2,
            revisions: [
              {
                revision: 1,
                priceKopecks: 200_000_00,
                startsOn: '2026-12-10',
                endsOn: '2026-12-20',
                terms: 'Было дороже',
                message: '',
                files: [],
                replacedAt: '2026-11-21T10:00:00.000Z',
              },
            ],
          }),
        ],
        blocked: blocked('already'),
      }),
    )
    expect(html).toContain('Ваше предложение')
    expect(html).toContain('На рассмотрении')
    expect(html).toContain('Изменить предложение')
    expect(html).toContain('Прежние версии (1)')
    expect(html).toContain('Было дороже')
    expect(hrefs(html)).toContain('/chat?roomId=44444444-4444-4444-8444-444444444444')
    expect(hrefs(html)).toContain(
      '/api/v1/exchange/proposals/11111111-1111-4111-8111-111111111111/files/33333333-3333-4333-8333-333333333333',
    )
    // The «already proposed» notice is the proposal itself, not a second message.
    expect(html).not.toContain(PROPOSAL_BLOCK_MESSAGES.already)
  })

  it('shows a rejected proposal with the customer’s reason and no way to change it', () => {
    const html = render(
      view({
        viewer: 'vendor',
        proposals: [proposal({ status: 'rejected', rejectReason: 'Сроки не подходят' })],
        blocked: blocked('already'),
      }),
    )
    expect(html).toContain('Отклонено')
    expect(html).toContain('Причина: Сроки не подходят')
    expect(html).not.toContain('Изменить предложение')
  })

  it('offers no revision once the request stopped taking proposals', () => {
    const html = render(
      view({
        request: { number: 'Z-2611-00001', title: 'x', status: 'open', allowSeveral: false, takingProposals: false },
        viewer: 'vendor',
        proposals: [proposal()],
        blocked: blocked('already'),
      }),
    )
    expect(html).toContain('На рассмотрении')
    expect(html).not.toContain('Изменить предложение')
  })

  it('links an accepted proposal to the contractor’s service order', () => {
    const html = render(
      view({ viewer: 'vendor', proposals: [proposal({ status: 'accepted', serviceOrderNumber: 'S-2611-00007' })] }),
    )
    expect(hrefs(html)).toContain('/personal-account/service-order/sale/S-2611-00007')
  })

  it('gives the customer an empty state before any proposal', () => {
    const html = render(view({ viewer: 'customer', canDecide: true, blocked: blocked('ownRequest') }))
    expect(html).toContain('Сравнение предложений')
    expect(html).toContain('Предложений пока нет')
    expect(html).not.toContain('value="propose"')
  })

  it('compares the proposals side by side with the decisions and the vendors’ pages', () => {
    const second = proposal({
      id: '55555555-5555-4555-8555-555555555555',
      vendor: {
        id: '66666666-6666-4666-8666-666666666666',
        name: 'ООО «Небесный пахарь»',
        slug: 'pakhar',
        rating: { average: 0, count: 0 },
        completedOrders: 0,
      },
      priceKopecks: 150_000_00,
      files: [],
      chatRoomId: '77777777-7777-4777-8777-777777777777',
    })
    const html = render(view({ viewer: 'customer', canDecide: true, proposals: [proposal(), second] }))
    expect(html).toContain('<table')
    // A column per proposal: both vendors head the table.
    expect(html).toMatch(/<th[^>]*scope="col"[^>]*>ООО «Аэроагро»<\/th>/)
    expect(html).toMatch(/<th[^>]*scope="col"[^>]*>ООО «Небесный пахарь»<\/th>/)
    expect(html).toContain(formatMoney(180_000_00))
    expect(html).toContain(formatMoney(150_000_00))
    for (const vendor of ['ООО «Аэроагро»', 'ООО «Небесный пахарь»']) {
      expect(html).toContain(`aria-label="Принять предложение ${quote(vendor)}"`)
      expect(html).toContain(`aria-label="Отклонить предложение ${quote(vendor)}"`)
      expect(html).toContain(`aria-label="Задать вопрос ${quote(vendor)}"`)
    }
    // Beside the price, each executor's rating and completed orders, or that it has none yet.
    expect(html).toContain('Рейтинг и опыт')
    expect(html).toContain('★ 4,7 · 3 отзыва')
    expect(html).toContain('Выполнено 5 заказов')
    expect(html).toContain('Отзывов пока нет')
    expect(html).toContain('Выполненных заказов пока нет')
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/services/seller/aeroagro', '/services/seller/pakhar']))
    expect(hrefs(html)).toContain('/chat?roomId=77777777-7777-4777-8777-777777777777')
  })

  it('after accepting links the customer to the service order, and offers no more decisions once awarded', () => {
    const html = render(
      view({
        viewer: 'customer',
        request: {
          number: 'Z-2611-00001',
          title: 'Обработать',
          status: 'awarded',
          allowSeveral: false,
          takingProposals: false,
        },
        canDecide: false,
        proposals: [
          proposal({ status: 'accepted', serviceOrderNumber: 'S-2611-00007' }),
          proposal({
            id: '55555555-5555-4555-8555-555555555555',
            status: 'rejected',
            rejectReason: 'Заказчик выбрал другого исполнителя',
          }),
        ],
      }),
      {
        ok: true,
        intent: 'accept',
        message: 'Предложение принято: заказ услуги создан',
        serviceOrderNumber: 'S-2611-00007',
      },
    )
    expect(hrefs(html)).toContain('/personal-account/service-order/purchase/S-2611-00007')
    expect(html).toContain('Перейти к заказу № S-2611-00007')
    expect(html).toContain('Заказчик выбрал другого исполнителя')
    expect(html).not.toContain('aria-label="Принять предложение')
  })
})
