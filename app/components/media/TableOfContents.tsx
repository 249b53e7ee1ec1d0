import type { ArticleHeading } from '#common/media/articles.ts'
import classes from './ArticleView.module.css'

/**
 * «Содержание»: links to the body's headings by their ids. Above the body on phones, a sticky
 * column beside it on wide screens; plain links, so it works before the page's JS arrives.
 */
export function TableOfContents({ headings }: { headings: ArticleHeading[] }) {
  if (headings.length < 2) return null
  return (
    <nav className={classes.toc} aria-labelledby="toc-title">
      <h2 id="toc-title" className={classes.tocTitle}>
        Содержание
      </h2>
      <ol className={classes.tocList}>
        {headings.map((heading) => (
          <li key={heading.id} className={heading.level === 3 ? classes.tocSub : undefined}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
