import { formatCount, formatDate } from '#app/lib/format.ts'
import { ARTICLE_RUBRIC_LABELS } from '#common/media/article-constants.ts'
import type { ArticleCard } from '#common/media/articles.ts'

const MINUTE_FORMS = ['минута', 'минуты', 'минут'] as const

/** «7 минут чтения», «1 минута чтения», «3 минуты чтения». */
export const formatReadingTime = (minutes: number) => `${formatCount(Math.max(1, minutes), MINUTE_FORMS)} чтения`

/** What a card and the article's head say under the title: rubric, date, reading time. */
export function articleFacts(article: Pick<ArticleCard, 'rubric' | 'publishedAt' | 'readingMinutes'>) {
  return {
    rubric: ARTICLE_RUBRIC_LABELS[article.rubric],
    date: formatDate(article.publishedAt),
    readingTime: formatReadingTime(article.readingMinutes),
  }
}
