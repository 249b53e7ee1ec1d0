import { formatPrice } from '#common/catalog/format.ts'
import { modelHref } from '#common/catalog/product-href.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { ProductDetails } from '#common/catalog/types.ts'
import { REVIEW_LIMITS, type ReviewPage } from '#common/reviews.ts'
import { buildImageUrl, SHARE_IMAGE_SIZES } from '#common/images.ts'
import { buildSeo, type Seo } from '#app/lib/seo.ts'
import { PLATFORM } from '#content/company.ts'

/** The Open Graph picture: big enough for link previews, PNG so every messenger shows it. */
export const PRODUCT_OG_IMAGE = SHARE_IMAGE_SIZES.product

type JsonLd = Record<string, unknown>

export interface ProductSeo {
  seo: Seo
  jsonLd: JsonLd[]
}

/**
 * The model's offers as schema.org's AggregateOffer, for a model more than one listing offers and
 * at least one with a price (a range of «по запросу» says nothing); otherwise null.
 */
function aggregateOf(offer: JsonLd, model: ModelOffers | null | undefined): JsonLd | null {
  if (!model || model.offerCount < 2 || model.lowKopecks === null || model.highKopecks === null) return null
  return {
    '@type': 'AggregateOffer',
    offerCount: model.offerCount,
    lowPrice: priceInRoubles(model.lowKopecks),
    highPrice: priceInRoubles(model.highKopecks),
    priceCurrency: 'RUB',
    offers: [offer],
  }
}

/** «1250000» or «1250000.50»: schema.org wants the number in the currency's units, no grouping. */
export function priceInRoubles(kopecks: number): string {
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2)
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:—-]+$/, '')}…`
}

/** The product's model across sellers (the catalogue's `modelOfferSummary`), itself included. */
export interface ModelOffers {
  offerCount: number
  lowKopecks: number | null
  highKopecks: number | null
}

/**
 * Everything a search engine reads on a product page: title, description, canonical, Open Graph,
 * and the JSON-LD Product (with its Offer, the seller and, once there are reviews, their rating)
 * and BreadcrumbList. When other sellers offer the same model, the Product's offers are an
 * AggregateOffer: the range of their prices and their number, with this page's Offer inside.
 * Built in the loader, where the public URL is known.
 */
export function buildProductSeo(
  publicUrl: string,
  product: ProductDetails,
  reviews?: ReviewPage,
  model?: ModelOffers | null,
): ProductSeo {
  // One address per model: every offer's page names the model's as canonical.
  const path = product.modelSlug ? modelHref(product.modelSlug) : product.href
  const url = `${publicUrl}${path}`
  const price = formatPrice(product.priceKopecks)
  const priced = product.priceKopecks !== null
  const availability = AVAILABILITY_LABELS[product.availability].toLowerCase()
  const first = product.images[0]

  const title = priced
    ? `${product.title} — купить, цена ${price} | ${PLATFORM.brand}`
    : `${product.title} — купить, цена по запросу | ${PLATFORM.brand}`
  const lead = `${product.title} от ${product.vendor.name}: ${priced ? price : 'цена по запросу'}, ${availability}.`
  const description = truncate(`${lead} ${product.description}`, 200)

  const seo: Seo = {
    ...buildSeo(publicUrl, {
      title,
      description,
      path,
      image: first ? buildImageUrl(first.src, { cdnUrl: '', ...PRODUCT_OG_IMAGE, format: 'png' }) : undefined,
    }),
    type: 'product',
  }

  const sellerUrl = `${publicUrl}/sellers/${product.vendor.slug}`
  // A seller without VAT says nothing about it rather than «not included».
  const vatIncluded = product.vatRate === 'none' ? undefined : true
  const offer: JsonLd = {
    '@type': 'Offer',
    // This seller's offer: the model's page with it chosen.
    url: `${publicUrl}${product.href}`,
    // «Под заказ» is made or shipped to order, with a lead time: schema.org's MadeToOrder.
    availability: product.availability === 'in_stock' ? 'https://schema.org/InStock' : 'https://schema.org/MadeToOrder',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: product.vendor.name, url: sellerUrl },
  }
  if (product.priceKopecks !== null) {
    // «Цена по запросу» has no price at all: an Offer without one is valid, a made-up one is not.
    const amount = priceInRoubles(product.priceKopecks)
    offer.price = amount
    offer.priceCurrency = 'RUB'
    offer.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      price: amount,
      priceCurrency: 'RUB',
      ...(vatIncluded === undefined ? {} : { valueAddedTaxIncluded: vatIncluded }),
    }
  }
  if (product.availability === 'to_order' && product.leadTimeDays) {
    offer.deliveryLeadTime = { '@type': 'QuantitativeValue', value: product.leadTimeDays, unitCode: 'DAY' }
  }

  const productLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    url,
    description: truncate(product.description, 5000),
    sku: product.model,
    mpn: product.model,
    model: product.model,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.breadcrumbs.map((c) => c.title).join(' > '),
    offers: aggregateOf(offer, model) ?? offer,
  }
  if (product.images.length) {
    productLd.image = product.images.map(
      (image) => `${publicUrl}${buildImageUrl(image.src, { cdnUrl: '', ...PRODUCT_OG_IMAGE, format: 'webp' })}`,
    )
  }
  if (product.keySpecs.length) {
    productLd.additionalProperty = product.keySpecs.map((spec) => ({
      '@type': 'PropertyValue',
      name: spec.title,
      value: spec.display,
    }))
  }

  // Google refuses an AggregateRating with no reviews: only when there is at least one.
  if (reviews && reviews.summary.count > 0) {
    productLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    }
    productLd.review = reviews.items.slice(0, REVIEW_LIMITS.jsonLdReviews).map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: truncate(review.text, 2000),
    }))
  }

  const crumbs = [
    { name: 'Главная', path: '/' },
    ...product.breadcrumbs.map((c) => ({ name: c.title, path: `/catalog/${c.slug}` })),
  ]
  const breadcrumbLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      ...crumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: `${publicUrl}${crumb.path}`,
      })),
      { '@type': 'ListItem', position: crumbs.length + 1, name: product.title, item: url },
    ],
  }

  return { seo, jsonLd: [productLd, breadcrumbLd] }
}
