import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/** Every path the spec lists as an alias of the home page; each answers 301 to /. */
export const HOME_ALIASES = [
  'home',
  'index.html',
  'index.php',
  'index.htm',
  'index.asp',
  'index.aspx',
  'default.asp',
  'default.aspx',
  'home.html',
  'main',
] as const

/** One content module serves many text pages; each path gets its own route id. */
const infoPage = (path: string) => route(path, 'routes/info-page.tsx', { id: `info:${path}` })

// In the order of the spec's route table (section 2). `/home/` and `/main/` match `home` and
// `main`: React Router ignores a trailing slash.
export default [
  layout('layouts/custom.tsx', [index('routes/home.tsx')]),
  ...HOME_ALIASES.map((path) => route(path, 'routes/home-alias.tsx', { id: `home-alias:${path}` })),

  layout('layouts/default.tsx', [
    route('cart', 'routes/cart.tsx'),
    route('chat', 'routes/chat.tsx'),

    infoPage('about'),
    infoPage('for-sellers'),
    infoPage('for-customers'),
    route('compare', 'routes/compare.tsx'),
    route('media', 'routes/media.tsx'),
    route('media/:slug', 'routes/media-article.tsx'),
    route('chat/unsubscribe', 'routes/chat-unsubscribe.tsx'),

    route('sellers', 'routes/sellers.tsx'),
    route('sellers/:slug', 'routes/seller.tsx'),

    route('catalog/:slug', 'routes/catalog.tsx'),
    route('product/:slug', 'routes/product.tsx'),

    route('services', 'routes/services.tsx'),
    route('services/request', 'routes/services-request.tsx'),
    route('services/requests/:number', 'routes/services-request-page.tsx'),
    route('services/seller/:slug', 'routes/services-seller.tsx'),

    route('spheres/:slug', 'routes/sphere.tsx'),

    infoPage('platforms'),
    infoPage('platforms/repair'),
    infoPage('platforms/education'),
    infoPage('platforms/insurance'),
    infoPage('platforms/cooperation'),
    infoPage('platforms/cooperation/:slug'),
    infoPage('platforms/drone-registration'),
    infoPage('platforms/flight-permissions'),

    infoPage('government-programs'),

    route('legal-information', 'routes/legal-index.tsx'),
    route('legal-information/:document', 'routes/legal-document.tsx'),

    route('*', 'routes/not-found.tsx'),
  ]),

  // Resource routes for crawlers and feed readers.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('media/rss.xml', 'routes/media-rss.ts'),
  route('robots.txt', 'routes/robots.ts'),

  // Personal account (all need sign-in).
  layout('layouts/personal-account.tsx', [
    // The order page is plain elements (its first load is what a buyer waits for after paying);
    // the other pages of the account are built with Mantine and get its provider from this layout.
    route('personal-account/order/:type/:nr', 'routes/account/orders/order.tsx'),
    layout('layouts/with-mantine.tsx', [
      route('personal-account/company', 'routes/account/company.tsx'),
      route('personal-account/profile', 'routes/account/profile.tsx'),
      route('personal-account/orders/:tab?', 'routes/account/orders/list.tsx'),
      route('personal-account/documents', 'routes/account/documents.tsx'),
      route('personal-account/procurement', 'routes/account/procurement/list.tsx'),
      route('personal-account/procurement/new', 'routes/account/procurement/edit.tsx', { id: 'procurement-new' }),
      route('personal-account/procurement/:number', 'routes/account/procurement/request.tsx'),
      route('personal-account/procurement/:number/edit', 'routes/account/procurement/edit.tsx', {
        id: 'procurement-edit',
      }),
      route('personal-account/exchange-1c', 'routes/account/exchange-1c/page.tsx'),
      route('personal-account/exchange-1c/:id', 'routes/account/exchange-1c/session.tsx'),
      route('personal-account/products', 'routes/account/products/list.tsx'),
      route('personal-account/products/import', 'routes/account/products/import.tsx'),
      route('personal-account/products/edit/:id', 'routes/account/products/edit.tsx'),
      route('personal-account/products/preview/:id', 'routes/account/products/preview.tsx'),
      route('personal-account/service-exchange/:tab?', 'routes/account/exchange/cabinet.tsx'),
      route('personal-account/service-exchange/offer/:id', 'routes/account/exchange/offer.tsx'),
      route('personal-account/service-order/:type/:nr', 'routes/account/exchange/service-order.tsx'),
      // The preview shows the article's own h1, so it stands outside the staff layout's heading.
      route('personal-account/staff/articles/:id/preview', 'routes/account/staff/article-preview.tsx'),
      route('personal-account/staff', 'routes/account/staff/layout.tsx', [
        index('routes/account/staff/verifications.tsx'),
        route('products', 'routes/account/staff/products.tsx'),
        route('products/:id', 'routes/account/staff/product-review.tsx'),
        route('models', 'routes/account/staff/models.tsx'),
        route('service-offers', 'routes/account/staff/service-offers.tsx'),
        route('chat-reports', 'routes/account/staff/chat-reports.tsx'),
        route('reviews', 'routes/account/staff/reviews.tsx'),
        route('exchange-1c', 'routes/account/staff/exchange-1c.tsx'),
        route('articles', 'routes/account/staff/articles.tsx'),
        route('articles/new', 'routes/account/staff/article-edit.tsx', { id: 'staff-article-new' }),
        route('articles/:id', 'routes/account/staff/article-edit.tsx', { id: 'staff-article-edit' }),
        route('leads', 'routes/account/staff/leads.tsx'),
        route('outbox', 'routes/account/staff/outbox.tsx'),
        route('audit', 'routes/account/staff/audit.tsx'),
      ]),
    ]),
  ]),
] satisfies RouteConfig
