import { AppLink } from '#app/components/AppLink.tsx'
import { useRouteLoaderData } from 'react-router'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import type { RootData } from '#app/lib/root-data.ts'
import { mediaLinks } from '#common/media/article-constants.ts'
import type { ArticleBlock, ArticlePage } from '#common/media/articles.ts'
import { prepareArticleHtml } from './article-body.ts'
import { articleFacts } from './article-format.ts'
import { ArticleCardList } from './ArticleCards.tsx'
import { ArticlePicture } from './ArticlePicture.tsx'
import { EmbeddedProductCard } from './EmbeddedProductCard.tsx'
import { ShareLinks } from './ShareLinks.tsx'
import { hasContents, TableOfContents } from './TableOfContents.tsx'
import cardClasses from './ArticleCards.module.css'
import classes from './ArticleView.module.css'
import { StoredHtml } from '../StoredHtml.tsx'

function Block({ block }: { block: ArticleBlock }) {
  const root = useRouteLoaderData('root') as RootData | undefined
  if (block.kind === 'product') return block.product ? <EmbeddedProductCard product={block.product} /> : null
  // Sanitized on the server with the articles' allowlist when it was saved.
  return (
    <StoredHtml
      className={classes.prose}
      html={prepareArticleHtml(block.html, classes.tableScroll ?? '', {
        cdnUrl: root?.publicConfig.cdnUrl ?? '',
        version: root?.publicConfig.assetsVersion,
      })}
    />
  )
}

/**
 * An article as readers see it at /media/{slug}; the staff preview renders this same component,
 * so what staff check is what goes out. `url` is the article's public address, for sharing.
 */
export function ArticleView({ article, url }: { article: ArticlePage; url: string }) {
  const facts = articleFacts(article)
  const rubricHref = mediaLinks.list({ rubric: article.rubric })
  return (
    <article className={classes.article} aria-labelledby="article-title">
      <Breadcrumbs
        crumbs={[
          { label: 'Медиа', to: mediaLinks.list() },
          { label: facts.rubric, to: rubricHref },
          { label: article.title },
        ]}
      />
      <header className={classes.head}>
        <AppLink to={rubricHref} className={classes.rubric}>
          {facts.rubric}
        </AppLink>
        <h1 id="article-title" className={classes.title}>
          {article.title}
        </h1>
        {article.lead && <p className={classes.lead}>{article.lead}</p>}
        <p className={classes.facts}>
          <span>{article.author.role ? `${article.author.name}, ${article.author.role}` : article.author.name}</span>
          <time dateTime={article.publishedAt}>{facts.date}</time>
          <span>{facts.readingTime}</span>
        </p>
      </header>

      <figure className={classes.cover}>
        <ArticlePicture image={article.cover} size="articleCover" priority className={classes.coverImage} />
      </figure>

      {/* Without contents the body takes the whole column, not the contents' narrow one. */}
      <div className={classes.layout} data-contents={hasContents(article.headings) || undefined}>
        <TableOfContents headings={article.headings} />
        <div className={classes.body}>
          {article.blocks.map((block, i) => (
            <Block key={block.kind === 'product' ? `product-${block.productId}-${i}` : `html-${i}`} block={block} />
          ))}
          {article.tags.length > 0 && (
            <ul className={classes.tags} aria-label="Теги">
              {article.tags.map((tag) => (
                <li key={tag}>
                  <AppLink to={mediaLinks.list({ tag })} className={classes.tag}>
                    #{tag}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
          <ShareLinks url={url} title={article.title} />
        </div>
      </div>

      {article.related.length > 0 && (
        <section className={cardClasses.section} aria-labelledby="related-articles-title">
          <h2 id="related-articles-title" className={cardClasses.sectionTitle}>
            Читайте также
          </h2>
          <ArticleCardList articles={article.related} />
        </section>
      )}
    </article>
  )
}
