import type { ArticleHeading } from '#common/media/articles.ts'
import classes from './ArticleView.module.css'

/** An article gets a table of contents from two headings on; the body beside it takes the rest. */
export const hasContents = (headings: ArticleHeading[]) => headings.length >= 2

/**
 * «Содержание»: links to the body's headings by their ids. Above the body on phones, a sticky
 * column beside it on wide screens; plain links, so it works before the page's JS arrives.
 */
export function TableOfContents({ headings }: { headings: ArticleHeading[] }) {
  if (!hasContents(headings)) return null
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
