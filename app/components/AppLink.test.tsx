import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Link, type LinkProps, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AppLink } from './AppLink.tsx'
import { plainHref } from './plain-href.ts'

/** Renders `link` inside a static router at `/catalog/bespilotniki`, as the server renders a page. */
async function render(link: React.ReactNode): Promise<string> {
  const routes = [{ path: '*', Component: () => link }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/catalog/bespilotniki'))
  if (context instanceof Response) throw new Error('unexpected response')
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  )
}

const CASES: LinkProps[] = [
  { to: '/catalog/bespilotniki' },
  { to: '/product/dji-mavic-3?offer=kvadrokopter&x=1#offers', className: 'card', 'aria-label': 'Карточка' },
  { to: '/sellers/aerotekh-sistemy/', tabIndex: -1, 'aria-hidden': true },
  { to: '/', target: '_blank', rel: 'noopener' },
  { to: '/catalog/bespilotniki?q=квадрокоптер с камерой&brands=DJI%20Enterprise' },
  { to: '/cart', discover: 'none', prefetch: 'intent', replace: true, state: { from: 'x' } },
  { to: '/personal-account/order/sale/2611-00042', reloadDocument: true, preventScrollReset: true },
  // What the router normalises or resolves: these go through <Link> itself.
  { to: '/catalog//x' },
  { to: '/catalog/./x/../y' },
  { to: '/catalog?' },
  { to: '/catalog?#top' },
  { to: 'relative/path' },
  { to: '../up' },
  { to: { pathname: '/media', search: '?page=2' } },
  { to: 'https://example.com/outside' },
]

describe('AppLink on the server', () => {
  it.each(CASES)('renders what the router’s <Link> renders: %j', async (props) => {
    const ours = await render(<AppLink {...props}>текст</AppLink>)
    const routers = await render(
      <Link prefetch="intent" {...props}>
        текст
      </Link>,
    )
    expect(ours).toBe(routers)
    expect(ours).toContain('текст</a>')
  })

  it('takes the short way only for absolute paths the router leaves as they are', () => {
    expect(plainHref('/catalog/bespilotniki?page=2#list')).toBe('/catalog/bespilotniki?page=2#list')
    expect(plainHref('/')).toBe('/')
    for (const to of [
      '//evil.example/x',
      '/a//b',
      '/a/./b',
      '/a/../b',
      '/a/..',
      '/a?',
      '/a#',
      '/a?#b',
      '/a\\b',
      'a',
      '',
    ]) {
      expect(plainHref(to)).toBeNull()
    }
    expect(plainHref({ pathname: '/a' })).toBeNull()
  })
})
