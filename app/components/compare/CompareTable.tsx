import { IconTrophy, IconX } from '@tabler/icons-react'
import { Form } from 'react-router'
import { formatPrice } from '#common/catalog/format.ts'
import { PRICE_ON_REQUEST } from '#common/catalog/products.ts'
import type { CompareGroup, CompareRow } from '#common/compare.ts'
import { AppImage } from '../AppImage.tsx'
import { AddToCartButton } from '../cart/AddToCartButton.tsx'
import { AppLink } from '../AppLink.tsx'
import classes from './compare.module.css'
import { quote } from '#common/format.ts'

const SECTIONS: { key: CompareRow['section']; title: string }[] = [
  { key: 'main', title: 'Основное' },
  { key: 'specs', title: 'Характеристики' },
]

export const BEST_LABEL = 'лучшее значение'

/**
 * One category's products side by side: a column per product (picture, name, price, a button
 * that takes it out), a row per characteristic. The first column stays while the table scrolls
 * sideways inside its own box; the best numbers are bold, marked with an icon and, for screen
 * readers, with words.
 */
export function CompareTable({ group, diffOnly }: { group: CompareGroup; diffOnly: boolean }) {
  const { products } = group
  const title = group.category.title
  return (
    <div className={classes.scroller} role="region" aria-label={`Таблица сравнения: ${title}`} tabIndex={0}>
      <table className={classes.table}>
        <caption className={classes.visuallyHidden}>
          Сравнение товаров категории {quote(title)}
          {diffOnly ? ', только различия' : ''}
        </caption>
        <thead>
          <tr>
            <td className={classes.rowHead}>
              <span className={classes.visuallyHidden}>Характеристика</span>
            </td>
            {products.map((p) => (
              <th key={p.id} scope="col">
                <div className={classes.product}>
                  <div className={classes.productTop}>
                    {p.image ? (
                      <AppImage src={p.image.src} alt="" size="compare" className={classes.image} />
                    ) : (
                      <span />
                    )}
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="productId" value={p.id} />
                      <button
                        type="submit"
                        className={classes.remove}
                        aria-label={`Убрать из сравнения: ${p.title}`}
                        title="Убрать из сравнения"
                      >
                        <IconX size={18} aria-hidden="true" />
                      </button>
                    </Form>
                  </div>
                  <AppLink to={p.href} className={classes.productTitle}>
                    {p.title}
                  </AppLink>
                  <span className={classes.price}>
                    {p.priceKopecks === null ? PRICE_ON_REQUEST : formatPrice(p.priceKopecks)}
                  </span>
                  <AddToCartButton productId={p.id} productTitle={p.title} />
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {SECTIONS.map((section) => {
          const rows = group.rows.filter((r) => r.section === section.key && (!diffOnly || r.differs))
          if (rows.length === 0) return null
          return (
            <tbody key={section.key}>
              <tr className={classes.section}>
                <th scope="colgroup" colSpan={products.length + 1}>
                  <span className={classes.sectionTitle}>{section.title}</span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={row.code}>
                  <th scope="row" className={classes.rowHead}>
                    {row.title}
                  </th>
                  {row.values.map((value, i) => (
                    <Cell key={products[i]!.id} value={value} best={row.best.includes(i)} />
                  ))}
                </tr>
              ))}
            </tbody>
          )
        })}
      </table>
    </div>
  )
}

function Cell({ value, best }: { value: string | null; best: boolean }) {
  if (value === null) {
    return (
      <td className={classes.missing}>
        <span aria-hidden="true">—</span>
        <span className={classes.visuallyHidden}>нет данных</span>
      </td>
    )
  }
  if (!best) return <td>{value}</td>
  return (
    <td className={classes.best}>
      {value}
      <IconTrophy size={16} className={classes.bestIcon} aria-hidden="true" />
      <span className={classes.visuallyHidden}> — {BEST_LABEL}</span>
    </td>
  )
}
