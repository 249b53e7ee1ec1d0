import type { ArticleCard } from '#common/media/articles.ts'
import { ArticleCardList } from './ArticleCards.tsx'
import classes from './ArticleCards.module.css'

/** «Статьи о товаре» on a product page: the articles that embed it; nothing when there are none. */
export function ProductArticles({ articles }: { articles: ArticleCard[] }) {
  if (!articles.length) return null
  return (
    <section className={classes.section} aria-labelledby="product-articles-title">
      <h2 id="product-articles-title" className={classes.sectionTitle}>
        Статьи о товаре
      </h2>
      <ArticleCardList articles={articles} />
    </section>
  )
}
