import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { theme } from '#app/theme.ts'
import type {
  CabinetOfferItem,
  CabinetOrderItem,
  CabinetProposalItem,
  CabinetRequestItem,
  SuggestedRequest,
} from '#common/exchange/cabinet.ts'
import { OfferRows, OrderRows, ProposalRows, RequestRows } from './CabinetRows.tsx'
import { SuggestedRequests } from './SuggestedRequests.tsx'

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </MemoryRouter>,
  )

/** Every href of the markup, in order (each row is drawn twice: table and card). */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))

const request = (overrides: Partial<CabinetRequestItem>): CabinetRequestItem => ({
  id: 'r1',
  number: 'Z-2611-00001',
  title: 'Опрыскать пшеницу',
  type: 'agro-spraying',
  status: 'open',
  region: '16',
  budgetKopecks: 300_000_00,
  proposalsDeadline: '2026-12-01',
  proposalCount: 3,
  lastProposalAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-10T10:00:00.000Z',
  updatedAt: '2026-11-10T10:00:00.000Z',
  ...overrides,
})

describe('the exchange cabinet rows', () => {
  it('links a draft to its form and a published request to its page, with the proposals', () => {
    const html = render(
      <RequestRows
        items={[
          request({}),
          request({
            id: 'r2',
            number: 'Z-2611-00002',
            status: 'draft',
            title: '',
            proposalCount: 0,
            lastProposalAt: null,
          }),
        ]}
      />,
    )
    expect(new Set(hrefs(html))).toEqual(
      new Set(['/services/requests/Z-2611-00001', '/services/request?draft=Z-2611-00002']),
    )
    expect(html).toContain('3 предложения, последнее 20 ноября 2026 г.')
    expect(html).toContain('Приём предложений')
    expect(html).toContain('Черновик')
    expect(html).toContain('Без названия')
    expect(html).toContain('Не опубликована')
  })

  it('shows a proposal with its request, price and both statuses', () => {
    const proposal: CabinetProposalItem = {
      id: 'p1',
      status: 'accepted',
      priceKopecks: 150_000_00,
      startsOn: '2026-12-01',
      endsOn: '2026-12-05',
      revision: 2,
      createdAt: '2026-11-10T10:00:00.000Z',
      updatedAt: '2026-11-11T10:00:00.000Z',
      request: {
        number: 'Z-2611-00007',
        title: 'Съёмка карьера',
        type: 'aerial-survey',
        status: 'awarded',
        customerName: 'ООО «Карьер»',
        proposalsDeadline: null,
      },
    }
    const html = render(<ProposalRows items={[proposal]} />)
    expect(new Set(hrefs(html))).toEqual(new Set(['/services/requests/Z-2611-00007']))
    expect(html).toContain('Принято')
    expect(html).toContain('Исполнитель выбран')
    expect(html).toContain('ООО «Карьер»')
    expect(html).toMatch(/150\s000\s₽/)
  })

  it('links an offer to its editor and says where it stands', () => {
    const offer = (overrides: Partial<CabinetOfferItem>): CabinetOfferItem => ({
      id: '6f1c4a8e-0000-4000-8000-000000000001',
      title: 'Опрыскивание',
      type: 'agro-spraying',
      status: 'approved',
      published: true,
      regions: ['16', '02', '77'],
      nationwide: false,
      priceFromKopecks: 350_00,
      priceUnit: 'hectare',
      staffComment: null,
      updatedAt: '2026-11-10T10:00:00.000Z',
      ...overrides,
    })
    const html = render(
      <OfferRows
        items={[
          offer({}),
          offer({
            id: '6f1c4a8e-0000-4000-8000-000000000002',
            status: 'needFixes',
            published: false,
            nationwide: true,
            staffComment: 'Добавьте лицензию',
          }),
        ]}
      />,
    )
    expect(new Set(hrefs(html))).toEqual(
      new Set([
        '/personal-account/service-exchange/offer/6f1c4a8e-0000-4000-8000-000000000001',
        '/personal-account/service-exchange/offer/6f1c4a8e-0000-4000-8000-000000000002',
      ]),
    )
    expect(html).toContain('На бирже')
    expect(html).toContain('Требует доработки')
    expect(html).toContain('Модератор: Добавьте лицензию')
    expect(html).toContain('Вся Россия')
    expect(html).toContain('и ещё 1')
    expect(html).toContain('за гектар')
  })

  it('links a service order to its side’s page and names the other side', () => {
    const order = (overrides: Partial<CabinetOrderItem>): CabinetOrderItem => ({
      number: 'S-2611-00001',
      side: 'purchase',
      status: 'in_progress',
      title: 'Обработка рапса',
      type: 'agro-spraying',
      priceKopecks: 90_000_00,
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      counterpartName: 'ООО «Аэроработы»',
      createdAt: '2026-11-10T10:00:00.000Z',
      ...overrides,
    })
    const html = render(
      <OrderRows
        items={[
          order({}),
          order({ number: 'S-2611-00002', side: 'sale', status: 'completed', counterpartName: 'ООО «Заря»' }),
        ]}
      />,
    )
    expect(new Set(hrefs(html))).toEqual(
      new Set([
        '/personal-account/service-order/purchase/S-2611-00001',
        '/personal-account/service-order/sale/S-2611-00002',
      ]),
    )
    expect(html).toContain('Исполнитель: ООО «Аэроработы»')
    expect(html).toContain('Заказчик: ООО «Заря»')
    expect(html).toContain('В работе')
    expect(html).toContain('Завершён')
  })

  it('shows a suggested request with its way to answer, or says none match', () => {
    const suggested: SuggestedRequest = {
      number: 'Z-2611-00009',
      title: 'Обследовать ЛЭП 40 км',
      type: 'inspection',
      region: '16',
      budgetKopecks: null,
      proposalsDeadline: '2026-12-10',
      customerName: 'ПАО «Сети»',
      invited: true,
      publishedAt: '2026-11-20T10:00:00.000Z',
    }
    const html = render(<SuggestedRequests items={[suggested]} />)
    expect(hrefs(html)).toEqual(['/services?tab=requests', '/services/requests/Z-2611-00009'])
    expect(html).toContain('Откликнуться')
    expect(html).toContain('Инспекция ЛЭП и трубопроводов')
    expect(html).toContain('Республика Татарстан')
    expect(html).toContain('По договорённости')
    expect(html).toContain('Приём предложений до 10 декабря 2026 г.')
    expect(html).toContain('Вас пригласили')
    expect(render(<SuggestedRequests items={[]} />)).toContain('Сейчас нет открытых заявок')
  })
})
