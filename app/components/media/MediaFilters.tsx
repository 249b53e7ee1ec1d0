import { Form } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import {
  ARTICLE_RUBRIC_LABELS,
  ARTICLE_RUBRICS,
  MEDIA_SEARCH_MAX,
  mediaLinks,
} from '#common/media/article-constants.ts'
import type { MediaListPage } from '#common/media/articles.ts'
import classes from './MediaList.module.css'

/**
 * /media's filters, all of them links or a GET form, so every state has its address: rubrics,
 * the most used tags (the chosen one again switches it off) and the search inside them.
 */
export function MediaFilters({ page }: { page: Pick<MediaListPage, 'query' | 'rubrics' | 'tags'> }) {
  const { query } = page
  const counts = new Map(page.rubrics.map((r) => [r.rubric, r.count]))
  const total = page.rubrics.reduce((sum, r) => sum + r.count, 0)
  // The chosen tag comes first, so it is in sight on a phone's scrolling row, and stays there
  // when it is too rare for the most used ones (reached from an article's link).
  const tags = page.tags.map((t) => t.tag).filter((tag) => tag !== query.tag)
  if (query.tag) tags.unshift(query.tag)
  return (
    <div className={classes.filters}>
      <nav aria-label="Рубрики">
        <ul className={classes.rubrics}>
          <li>
            <AppLink
              to={mediaLinks.list({ tag: query.tag, q: query.q })}
              className={classes.rubric}
              aria-current={query.rubric ? undefined : 'page'}
            >
              Все <span className={classes.count}>{total}</span>
            </AppLink>
          </li>
          {ARTICLE_RUBRICS.map((rubric) => (
            <li key={rubric}>
              <AppLink
                to={mediaLinks.list({ rubric, tag: query.tag, q: query.q })}
                className={classes.rubric}
                aria-current={query.rubric === rubric ? 'page' : undefined}
              >
                {ARTICLE_RUBRIC_LABELS[rubric]} <span className={classes.count}>{counts.get(rubric) ?? 0}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      {tags.length > 0 && (
        <nav aria-label="Теги">
          <ul className={classes.tags}>
            {tags.map((tag) => {
              const chosen = query.tag === tag
              return (
                <li key={tag}>
                  <AppLink
                    to={mediaLinks.list({ rubric: query.rubric, tag: chosen ? undefined : tag, q: query.q })}
                    className={classes.tag}
                    aria-current={chosen ? 'page' : undefined}
                  >
                    #{tag}
                    {chosen && (
                      <>
                        <span aria-hidden="true"> ×</span>
                        <span className={classes.visuallyHidden}> (снять фильтр)</span>
                      </>
                    )}
                  </AppLink>
                </li>
              )
            })}
          </ul>
        </nav>
      )}

      <Form method="get" action={mediaLinks.list()} role="search" className={classes.search}>
        <label htmlFor="media-search" className={classes.searchLabel}>
          Поиск по статьям
        </label>
        <div className={classes.searchRow}>
          <input
            id="media-search"
            key={query.q ?? ''}
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={MEDIA_SEARCH_MAX}
            placeholder="Например: регистрация дрона"
            enterKeyHint="search"
            className={classes.searchInput}
          />
          {query.rubric && <input type="hidden" name="rubric" value={query.rubric} />}
          {query.tag && <input type="hidden" name="tag" value={query.tag} />}
          <button type="submit" className={classes.searchButton}>
            Найти
          </button>
        </div>
      </Form>
    </div>
  )
}
