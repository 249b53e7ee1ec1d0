import { AppLink } from '#app/components/AppLink.tsx'
import { mediaLinks } from '#common/media/article-constants.ts'
import type { ArticleCard } from '#common/media/articles.ts'
import { articleFacts } from './article-format.ts'
import { ArticlePicture } from './ArticlePicture.tsx'
import classes from './MediaList.module.css'

/** The newest article, large, above the grid on /media's first page: its cover is the page's LCP. */
export function FeaturedArticle({ article }: { article: ArticleCard }) {
  const facts = articleFacts(article)
  return (
    <article className={classes.featured} aria-labelledby="featured-title">
      <ArticlePicture
        image={article.cover}
        size="articleFeatured"
        priority
        decorative
        className={classes.featuredCover}
      />
      <div className={classes.featuredBody}>
        <span className={classes.featuredRubric}>Главное · {facts.rubric}</span>
        <h2 id="featured-title" className={classes.featuredTitle}>
          <AppLink to={mediaLinks.article(article.slug)} className={classes.featuredLink}>
            {article.title}
          </AppLink>
        </h2>
        {article.lead && <p className={classes.featuredLead}>{article.lead}</p>}
        <p className={classes.featuredFacts}>
          <time dateTime={article.publishedAt}>{facts.date}</time>
          <span aria-hidden="true"> · </span>
          <span>{facts.readingTime}</span>
        </p>
      </div>
    </article>
  )
}
