import { AppLink } from '#app/components/AppLink.tsx'
import { AddToCartButton } from '#app/components/cart/AddToCartButton.tsx'
import { RequestQuoteLink } from '#app/components/procurement/RequestQuoteLink.tsx'
import { CompareButton } from '#app/components/compare/CompareButton.tsx'
import type { ProductDetails } from '#common/catalog/types.ts'
import { REVIEW_MESSAGES, type ReviewPage } from '#common/reviews.ts'
import { reviewPageHref } from '../reviews/review-page.ts'
import { LazySellerAnswerForm, ReviewsSection, ReviewSummaryLine } from '../reviews/ReviewList.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { productDocumentUrl } from './document-url.ts'
import type { ProductDisplay } from './product-display.server.ts'
import { ProductGallery } from './ProductGallery.tsx'
import { VendorCard } from './VendorCard.tsx'
import classes from './product.module.css'
import type { SanitizedHtml } from '#common/html.ts'
import { StoredHtml } from '../StoredHtml.tsx'

/**
 * The vendor's description: the formatted version when there is one (sanitized on the server
 * with an allowlist, server/text/sanitize.ts), else plain text in paragraphs, never parsed as HTML.
 */
function Description({ text, html }: { text: string; html: SanitizedHtml }) {
  if (html) return <StoredHtml className={classes.description} html={html} />
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <div className={classes.description}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  )
}

/** The product page below the header: gallery, offer, characteristics, description, seller. */
export function ProductView({
  product,
  display,
  reviews,
}: {
  product: ProductDetails
  display: ProductDisplay
  /** Absent in the seller's preview of a product not yet in the catalogue. */
  reviews?: ReviewPage
}) {
  const { registration } = display

  return (
    <article className={classes.page} aria-labelledby="product-title">
      <Breadcrumbs
        crumbs={[
          ...product.breadcrumbs.map((c) => ({ label: c.title, to: `/catalog/${c.slug}` })),
          { label: product.title },
        ]}
      />

      <div className={classes.top}>
        <ProductGallery images={product.images} title={product.title} />

        <div className={classes.summary}>
          <h1 id="product-title" className={classes.title}>
            {product.title}
          </h1>
          <dl className={classes.identity}>
            <div>
              <dt>Бренд</dt>
              <dd>{product.brand}</dd>
            </div>
            <div>
              <dt>Модель</dt>
              <dd>{product.model}</dd>
            </div>
          </dl>
          {reviews && reviews.summary.count > 0 && (
            <a href="#reviews" className={classes.more}>
              <ReviewSummaryLine average={reviews.summary.average} count={reviews.summary.count} />
            </a>
          )}

          <div className={classes.offer}>
            <p className={classes.price} data-testid="product-price">
              {display.price}
            </p>
            {display.vat && <p className={classes.vat}>{display.vat}</p>}
            <p className={classes.availability} data-availability={product.availability}>
              <span className={classes.availabilityDot} aria-hidden="true" />
              {display.availability}
            </p>
            <dl className={classes.terms} aria-label="Условия продавца">
              {display.terms.map((term) => (
                <div key={term.label}>
                  <dt>{term.label}</dt>
                  <dd title={term.label === 'Доставка' ? display.deliveryRegions.join(', ') || undefined : undefined}>
                    {term.value}
                  </dd>
                </div>
              ))}
            </dl>
            <div className={classes.offerActions}>
              <AddToCartButton productId={product.id} productTitle={product.title} />
              <CompareButton productId={product.id} productTitle={product.title} />
              <RequestQuoteLink products={[product.id]} />
            </div>
          </div>

          {product.keySpecs.length > 0 && (
            <section aria-labelledby="key-specs-title" className={classes.keySpecs}>
              <h2 id="key-specs-title" className={classes.smallHeading}>
                Основные характеристики
              </h2>
              <dl className={classes.keySpecList}>
                {product.keySpecs.map((spec) => (
                  <div key={spec.code}>
                    <dt>{spec.title}</dt>
                    <dd>{spec.display}</dd>
                  </div>
                ))}
              </dl>
              <a href="#specs-title" className={classes.more}>
                Все характеристики
              </a>
            </section>
          )}

          {registration && (
            <aside className={classes.notice} aria-labelledby="registration-title">
              <h2 id="registration-title" className={classes.smallHeading}>
                {registration.heading}
              </h2>
              <p>{registration.notice}</p>
              <AppLink to="/platforms/drone-registration" className={classes.more}>
                Как зарегистрировать беспилотник
              </AppLink>
            </aside>
          )}
        </div>
      </div>

      <div className={classes.body}>
        <div className={classes.main}>
          {product.description.trim() && (
            <section aria-labelledby="description-title" className={classes.section}>
              <h2 id="description-title" className={classes.sectionTitle}>
                Описание
              </h2>
              <Description text={product.description} html={product.descriptionHtml} />
            </section>
          )}

          <section aria-labelledby="specs-title" className={classes.section}>
            <h2 id="specs-title" className={classes.sectionTitle}>
              Характеристики
            </h2>
            <div className={classes.tableWrap}>
              <table className={classes.specs}>
                <caption className={classes.visuallyHidden}>Характеристики: {product.title}</caption>
                <tbody>
                  <tr>
                    <th scope="row">Бренд</th>
                    <td>{product.brand}</td>
                  </tr>
                  <tr>
                    <th scope="row">Модель</th>
                    <td>{product.model}</td>
                  </tr>
                  {product.specs.map((spec) => (
                    <tr key={spec.code}>
                      <th scope="row">{spec.title}</th>
                      <td>{spec.display}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          {product.areas.length > 0 && (
            <section aria-labelledby="areas-title" className={classes.section}>
              <h2 id="areas-title" className={classes.sectionTitle}>
                Сферы применения
              </h2>
              <ul className={classes.areas}>
                {product.areas.map((area) => (
                  <li key={area.slug}>
                    <AppLink to={`/spheres/${area.slug}`} className={classes.area}>
                      {area.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {product.documents.length > 0 && (
            <section aria-labelledby="documents-title" className={classes.section}>
              <h2 id="documents-title" className={classes.sectionTitle}>
                Документы
              </h2>
              <ul className={classes.documents}>
                {product.documents.map((doc) => (
                  <li key={doc.fileId}>
                    <a href={productDocumentUrl(product.id, doc.fileId)} className={classes.document} download>
                      {doc.name}
                    </a>
                    <span className={classes.documentType}> PDF</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {reviews && (
            <ReviewsSection
              page={reviews}
              empty={REVIEW_MESSAGES.empty}
              hrefOf={(page) => reviewPageHref(product.href, page)}
              answerFor={(review) =>
                reviews.canAnswer && !review.answer ? <LazySellerAnswerForm reviewId={review.id} /> : null
              }
            />
          )}
        </div>

        <aside className={classes.side} aria-label="Продавец">
          <VendorCard seller={product.vendorCard} productCount={display.vendorProducts} productSlug={product.slug} />
        </aside>
      </div>
    </article>
  )
}
