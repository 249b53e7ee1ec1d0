import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { IconShoppingCart } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { CartItemRow } from '#app/components/cart/CartItemRow.tsx'
import classes from '#app/components/cart/cart.module.css'
import { CheckoutForm } from '#app/components/cart/CheckoutForm.tsx'
import { MantineScope } from '#app/components/MantineScope.tsx'
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
    <Paper withBorder p="xl" maw={640} mx="auto">
      <Stack align="start">
        <Title order={1} size="h2">
          Корзина
        </Title>
        <Text>{CART_MESSAGES.noOrganization}</Text>
        <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
          Перейти к компании
        </Anchor>
      </Stack>
    </Paper>
  )
}

function Placed({ placed }: { placed: NonNullable<Extract<CartActionResult, { ok: true }>['placed']> }) {
  return (
    <Paper withBorder p="xl" radius="md" maw={720} mx="auto" role="status">
      <Stack>
        <Title order={1} size="h2">
          {placed.orders.length > 1 ? 'Заказы оформлены' : 'Заказ оформлен'}
        </Title>
        <Text>
          Продавцы получили {placed.orders.length > 1 ? 'заказы' : 'заказ'}: после подтверждения наличия они выставят
          счёт на оплату, он появится на странице заказа.
        </Text>
        <List spacing="xs">
          {placed.orders.map((o) => (
            <List.Item key={o.number}>
              <Anchor component={AppLink} to={`/personal-account/order/purchase/${o.number}`} fw={600}>
                Заказ № {o.number}
              </Anchor>{' '}
              — {o.seller.name}, {formatMoney(o.totalKopecks)}
            </List.Item>
          ))}
        </List>
        {placed.leftInCart > 0 && (
          <Text size="sm" c="dimmed">
            В корзине осталось {formatCount(placed.leftInCart, ['товар', 'товара', 'товаров'])}: с ценой по запросу или
            снятые с продажи.
          </Text>
        )}
        <Group>
          <Button component={AppLink} to="/personal-account/orders/purchases">
            Мои заказы
          </Button>
          <Button component={AppLink} to={CATALOG_PATH} variant="default">
            Вернуться в каталог
          </Button>
        </Group>
      </Stack>
    </Paper>
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
      <Paper withBorder p="xl" maw={640} mx="auto" ta="center">
        <Stack align="center">
          <IconShoppingCart size={40} aria-hidden="true" />
          <Title order={1} size="h2">
            Корзина пуста
          </Title>
          <Text c="dimmed">Добавляйте товары кнопкой «В корзину» в каталоге, на странице товара или в сравнении.</Text>
          <Button component={AppLink} to={CATALOG_PATH}>
            Перейти в каталог
          </Button>
        </Stack>
      </Paper>
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Корзина
      </Title>
      {cart.hasPriceChanges && (
        <Alert color="orange" title="Цены изменились">
          Некоторые продавцы изменили цены с тех пор, как вы добавили товары. Новые цены отмечены ниже — заказ будет
          оформлен по ним.
        </Alert>
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
        <Stack gap="md" className={classes.summary}>
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
            <Paper withBorder p="lg" radius="md" data-testid="cart-nothing-to-order">
              <Stack gap={4}>
                <Text fw={600}>Заказать сейчас нечего</Text>
                <Text size="sm">
                  Товары с ценой по запросу обсудите с продавцом в чате, снятые с продажи — удалите.
                </Text>
              </Stack>
            </Paper>
          )}
        </Stack>
      </div>
    </Stack>
  )
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return (
    <MantineScope>
      {loaderData.kind === 'guest' && (
        <SignInRequired
          title="Корзина"
          text="Войдите, чтобы собрать заказ у нескольких продавцов и получить счета на оплату."
        />
      )}
      {loaderData.kind === 'noOrganization' && <NoOrganization />}
      {loaderData.kind === 'cart' && <CartScreen data={loaderData} />}
    </MantineScope>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
