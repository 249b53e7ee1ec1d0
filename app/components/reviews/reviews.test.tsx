import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { REVIEW_MESSAGES, type Reviewable, type ReviewPage } from '#common/reviews.ts'
import { theme } from '#app/theme.ts'
import { OrderReviews } from './OrderReviews.tsx'
import { reviewPageFromUrl, reviewPageHref } from './review-page.ts'
import { ReviewsSection } from './ReviewList.tsx'

const review = {
  id: 'r1',
  kind: 'product' as const,
  rating: 4,
  text: 'Отработал весь сезон без отказов.',
  author: 'Ирина, ООО «Агрохолдинг Заря»',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  answer: { text: 'Спасибо!', at: '2026-03-03T10:00:00.000Z' },
}

function page(overrides: Partial<ReviewPage> = {}): ReviewPage {
  return {
    summary: { average: 4.3, count: 12, distribution: [0, 1, 1, 3, 7] },
    items: [review],
    page: 1,
    pageSize: 10,
    total: 12,
    canAnswer: false,
    ...overrides,
  }
}

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </MemoryRouter>,
  )

describe('reviews on public pages', () => {
  it('says the average in words, the count with its plural, the author, date and answer', () => {
    const html = render(<ReviewsSection page={page()} empty={REVIEW_MESSAGES.empty} hrefOf={(n) => `?reviews=${n}`} />)
    expect(html).toContain('4,3 из 5')
    expect(html).toContain('12 отзывов')
    expect(html).toContain('Оценка: 4 из 5.')
    expect(html).toContain('Ирина, ООО «Агрохолдинг Заря»')
    expect(html).toContain('2 марта 2026')
    expect(html).toContain('Ответ продавца')
    // Stars are decoration for screen readers.
    expect(html).toMatch(/<span class="[^"]*" aria-hidden="true"><span/)
    // Two pages: a link to the second.
    expect(html).toContain('href="/?reviews=2"')
  })

  it('shows the empty state when there are none', () => {
    const html = render(
      <ReviewsSection
        page={page({ summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] }, items: [], total: 0 })}
        empty={REVIEW_MESSAGES.empty}
        hrefOf={(n) => `?reviews=${n}`}
      />,
    )
    expect(html).toContain('Отзывов пока нет. Оставить отзыв могут покупатели, получившие товар.')
  })

  it('reads and writes the page of reviews in the URL', () => {
    expect(reviewPageFromUrl('http://x/product/a?reviews=3')).toBe(3)
    expect(reviewPageFromUrl('http://x/product/a?reviews=-1')).toBe(1)
    expect(reviewPageFromUrl('http://x/product/a')).toBe(1)
    expect(reviewPageHref('/product/a', 1)).toBe('/product/a#reviews')
    expect(reviewPageHref('/product/a', 2)).toBe('/product/a?reviews=2#reviews')
  })
})

describe('OrderReviews', () => {
  const reviewable: Reviewable = {
    orderNumber: '2611-00001',
    delivered: true,
    seller: { id: 's', name: 'ООО «АэроТех Системы»', slug: 'aerotekh-sistemy', canReview: true, review: null },
    products: [
      {
        productId: 'p1',
        title: 'Агродрон',
        slug: 'agrodron',
        canReview: false,
        review: {
          ...review,
          hidden: false,
          hiddenReason: null,
          editableUntil: '2026-04-01T00:00:00.000Z',
          editable: true,
        },
      },
      { productId: 'p2', title: 'Аккумулятор', slug: 'akkumulyator', canReview: true, review: null },
    ],
  }

  it('shows written reviews and a form for each of the rest, with a labelled rating', () => {
    const html = render(<OrderReviews orderNumber="2611-00001" reviewable={reviewable} />)
    expect(html).toContain('Ваша оценка: 4 из 5')
    expect(html).toContain('Изменить отзыв')
    expect(html.match(/Опубликовать отзыв/g)).toHaveLength(2)
    expect(html.match(/<legend[^>]*>Оценка от 1 до 5<\/legend>/g)).toHaveLength(2)
    expect(html).toContain('aria-label="5 из 5"')
    expect(html).toContain('href="/sellers/aerotekh-sistemy"')
  })

  it('renders nothing before the order is received', () => {
    const html = render(<OrderReviews orderNumber="2611-00001" reviewable={{ ...reviewable, delivered: false }} />)
    expect(html).not.toContain('Отзывы')
    expect(html).not.toContain('<form')
  })
})
