import { IconShoppingCart } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { CartItemRow } from '#app/components/cart/CartItemRow.tsx'
import classes from '#app/components/cart/cart.module.css'
import { CheckoutForm } from '#app/components/cart/CheckoutForm.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { Notice } from '#app/components/ui/fields.tsx'
import { RequestQuoteLink } from '#app/components/procurement/RequestQuoteLink.tsx'
import ui from '#app/components/ui/ui.module.css'
import { SignInRequired } from '#app/components/SignInRequired.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { formatCount, formatMoney } from '#app/lib/format.ts'
import { setCartCount } from '#app/lib/header-summary.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { CART_MESSAGES } from '#common/orders.ts'
import type { Route } from './+types/cart'
import { type CartActionResult, cartAction } from './cart.server.ts'

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: 'Корзина — БАС Маркет' },
  { name: 'robots', content: 'noindex, nofollow' },
])

/** Someone's own cart: no cache may keep it. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const CATALOG_PATH = '/catalog/bespilotniki'
const COMPANY_PATH = '/personal-account/company'

/**
 * /cart (auth): the selected organization's cart by seller, and the checkout into one order per
 * seller. A guest is asked to sign in; a user without an organization is told where to make one.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const [cart, mine] = await Promise.all([services.orders.cart.view(ctx), services.organizations.listMine(ctx)])
  const payers = mine
    .filter((o) => o.roles.some((r) => r.type === 'buyer' && r.status === 'confirmed'))
    .map((o) => ({ id: o.id, name: o.name }))
  return {
    kind: 'cart' as const,
    cart,
    payers,
    selectedPayerId: payers.some((p) => p.id === ctx.organization!.id) ? ctx.organization.id : null,
    // A new key per page load: the form posts it, and a repeat of that post orders nothing twice.
    checkoutKey: crypto.randomUUID(),
  }
}

export const action = ({ request, context }: Route.ActionArgs) => cartAction(request, context)

function NoOrganization() {
  return (
    <section className={`${ui.panel} ${ui.stack} ${ui.message}`}>
      <h1 className={`${ui.title} ${ui.h2}`}>Корзина</h1>
      <p className={ui.text}>{CART_MESSAGES.noOrganization}</p>
      <AppLink to={COMPANY_PATH} className={`${ui.anchor} ${ui.bold}`}>
        Перейти к компании
      </AppLink>
    </section>
  )
}

function Placed({ placed }: { placed: NonNullable<Extract<CartActionResult, { ok: true }>['placed']> }) {
  return (
    <section className={`${ui.panel} ${ui.stack} ${ui.message}`} role="status">
      <h1 className={`${ui.title} ${ui.h2}`}>{placed.orders.length > 1 ? 'Заказы оформлены' : 'Заказ оформлен'}</h1>
      <p className={ui.text}>
        Продавцы получили {placed.orders.length > 1 ? 'заказы' : 'заказ'}: после подтверждения наличия они выставят счёт
        на оплату, он появится на странице заказа.
      </p>
      <ul className={`${ui.stack} ${ui.gapXs} ${classes.placedList}`}>
        {placed.orders.map((o) => (
          <li key={o.number}>
            <AppLink to={`/personal-account/order/purchase/${o.number}`} className={`${ui.anchor} ${ui.bold}`}>
              Заказ № {o.number}
            </AppLink>{' '}
            — {o.seller.name}, {formatMoney(o.totalKopecks)}
          </li>
        ))}
      </ul>
      {placed.leftInCart > 0 && (
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
          В корзине осталось {formatCount(placed.leftInCart, ['товар', 'товара', 'товаров'])}: с ценой по запросу или
          снятые с продажи.
        </p>
      )}
      <div className={classes.buttons}>
        <AppLink to="/personal-account/orders/purchases" className={buttonClass()}>
          Мои заказы
        </AppLink>
        <AppLink to={CATALOG_PATH} className={buttonClass({ variant: 'default' })}>
          Вернуться в каталог
        </AppLink>
      </div>
    </section>
  )
}

function CartScreen({ data }: { data: Extract<Route.ComponentProps['loaderData'], { kind: 'cart' }> }) {
  const result = useActionData<CartActionResult>()
  const { cart } = data
  // The header's count follows what this page shows after every change.
  useEffect(() => setCartCount(cart.count), [cart.count])
  if (result?.ok && result.placed) return <Placed placed={result.placed} />
  const checkoutFailure = result && !result.ok && result.values.intent === 'checkout' ? result : undefined
  const sellers = cart.groups.filter((g) => g.subtotalKopecks > 0).length

  if (!cart.count) {
    return (
      <section className={`${ui.panel} ${ui.stack} ${ui.message} ${ui.messageCentered}`}>
        <IconShoppingCart size={40} aria-hidden="true" />
        <h1 className={`${ui.title} ${ui.h2}`}>Корзина пуста</h1>
        <p className={`${ui.text} ${ui.dimmed}`}>
          Добавляйте товары кнопкой «В корзину» в каталоге, на странице товара или в сравнении.
        </p>
        <AppLink to={CATALOG_PATH} className={buttonClass()}>
          Перейти в каталог
        </AppLink>
      </section>
    )
  }

  return (
    <div className={`${ui.stack} ${ui.gapLg}`}>
      <div className={classes.heading}>
        <h1 className={`${ui.title} ${ui.h2}`}>Корзина</h1>
        <RequestQuoteLink cart variant="outline" />
      </div>
      {cart.hasPriceChanges && (
        <Notice tone="orange" title="Цены изменились">
          Некоторые продавцы изменили цены с тех пор, как вы добавили товары. Новые цены отмечены ниже — заказ будет
          оформлен по ним.
        </Notice>
      )}
      <div className={classes.layout}>
        <div className={classes.groups}>
          {cart.groups.map((group) => (
            <section
              key={group.seller.id || 'gone'}
              className={`${ui.panel} ${classes.group}`}
              aria-label={group.seller.id ? `Продавец ${group.seller.name}` : group.seller.name}
            >
              <div className={classes.groupHead}>
                <h2 className={`${ui.title} ${ui.h4}`}>
                  {group.seller.slug ? (
                    <AppLink to={`/sellers/${group.seller.slug}`} className={ui.anchor}>
                      {group.seller.name}
                    </AppLink>
                  ) : (
                    group.seller.name
                  )}
                </h2>
                {group.subtotalKopecks > 0 && (
                  <p className={`${ui.text} ${ui.sm}`}>
                    Итого по продавцу: <strong>{formatMoney(group.subtotalKopecks)}</strong>
                    {group.vatKopecks > 0 && <>, в т. ч. НДС {formatMoney(group.vatKopecks)}</>}
                  </p>
                )}
              </div>
              <ul className={classes.items}>
                {group.items.map((item) => (
                  <CartItemRow key={item.productId} item={item} sellerId={group.seller.id} />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className={`${ui.stack} ${classes.summary}`}>
          {cart.orderableCount > 0 ? (
            <>
              <div className={`${ui.panel} ${classes.totals}`}>
                <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
                  {formatCount(cart.orderableCount, ['товар', 'товара', 'товаров'])} к заказу
                  {sellers > 1 ? `, ${formatCount(sellers, ['продавец', 'продавца', 'продавцов'])}` : ''}
                </p>
                <p className={`${ui.text} ${ui.xl} ${ui.bold}`} data-testid="cart-total">
                  {formatMoney(cart.totalKopecks)}
                </p>
                <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
                  {cart.vatKopecks > 0 ? `в т. ч. НДС ${formatMoney(cart.vatKopecks)}` : 'Без НДС'}
                </p>
              </div>
              <CheckoutForm
                payers={data.payers}
                selectedPayerId={data.selectedPayerId}
                checkoutKey={data.checkoutKey}
                totalKopecks={cart.totalKopecks}
                sellerCount={sellers}
                failure={checkoutFailure}
              />
            </>
          ) : (
            // Nothing has a price to order by: no «0 ₽» total, only what to do with what is here.
            <div className={`${ui.panel} ${ui.stack} ${classes.nothingToOrder}`} data-testid="cart-nothing-to-order">
              <p className={`${ui.text} ${ui.bold}`}>Заказать сейчас нечего</p>
              <p className={`${ui.text} ${ui.sm}`}>
                Товары с ценой по запросу обсудите с продавцом в чате, снятые с продажи — удалите.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  )
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.kind === 'guest' && (
        <SignInRequired
          title="Корзина"
          text="Войдите, чтобы собрать заказ у нескольких продавцов и получить счета на оплату."
        />
      )}
      {loaderData.kind === 'noOrganization' && <NoOrganization />}
      {loaderData.kind === 'cart' && <CartScreen data={loaderData} />}
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
