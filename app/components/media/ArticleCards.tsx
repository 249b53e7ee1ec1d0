import { AppLink } from '#app/components/AppLink.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import { mediaLinks } from '#common/media/article-constants.ts'
import type { ArticleCard } from '#common/media/articles.ts'
import { articleFacts } from './article-format.ts'
import { ArticlePicture } from './ArticlePicture.tsx'
import classes from './ArticleCards.module.css'

/**
 * One article in a grid: cover, rubric, title (its link covers the card), lead, date and reading
 * time. Plain elements: the pages that list articles (home, product, /media) have a JS budget.
 */
export function ArticleCardItem({
  article,
  headingLevel = 3,
  priority = false,
}: {
  article: ArticleCard
  headingLevel?: 2 | 3
  /** The first card when it is the page's largest picture above the fold. */
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const facts = articleFacts(article)
  return (
    <li className={`${cards.card} ${cards.cardFocus} ${classes.card}`} data-rubric={article.rubric}>
      <ArticlePicture
        image={article.cover}
        size="articleCard"
        decorative
        priority={priority}
        className={classes.cover}
      />
      <div className={classes.body}>
        <span className={classes.rubric}>{facts.rubric}</span>
        <Heading className={classes.title}>
          <AppLink to={mediaLinks.article(article.slug)} className={classes.link}>
            {article.title}
          </AppLink>
        </Heading>
        {article.lead && <p className={classes.lead}>{article.lead}</p>}
        <p className={classes.facts}>
          <time dateTime={article.publishedAt}>{facts.date}</time>
          <span aria-hidden="true"> · </span>
          <span>{facts.readingTime}</span>
        </p>
      </div>
    </li>
  )
}

/** A grid of article cards: one column on phones, up to three (or four with `columns="four"`). */
export function ArticleCardList({
  articles,
  columns = 'three',
  headingLevel,
  label,
  firstIsPriority = false,
}: {
  articles: ArticleCard[]
  columns?: 'three' | 'four'
  headingLevel?: 2 | 3
  label?: string
  firstIsPriority?: boolean
}) {
  return (
    <ul className={`${cards.grid} ${cards[columns]}`} aria-label={label}>
      {articles.map((article, i) => (
        <ArticleCardItem
          key={article.id}
          article={article}
          headingLevel={headingLevel}
          priority={firstIsPriority && i === 0}
        />
      ))}
    </ul>
  )
}
