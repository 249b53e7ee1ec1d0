import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconCopy, IconKey, IconRefresh, IconPlugConnectedX } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { EXCHANGE_MESSAGES, ExchangeLogin } from '#common/exchange-1c.ts'
import { formatDateTime } from '#app/lib/format.ts'
import { Detail } from './block-parts.tsx'
import { type Exchange1cView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

export const EXCHANGE_1C_PATH = '/personal-account/exchange-1c'

/** Where «Обмен с сайтом» is set up in 1С's typical configurations, step by step. */
function Instructions({ address, login }: { address: string; login: string | null }) {
  return (
    <details>
      <summary>
        <Text component="span" fw={600}>
          Как настроить обмен в 1С
        </Text>
      </summary>
      <Text component="ol" size="sm" mt="xs" style={{ paddingLeft: '1.25rem', lineHeight: 1.6 }}>
        <li>
          В 1С (Управление торговлей 11, УНФ, ERP, Комплексная автоматизация) откройте «Администрирование» → «Обмен
          данными» → «Обмен с сайтами» и создайте новый узел обмена.
        </li>
        <li>
          На вкладке «Подключение» укажите адрес сайта <code>{address}</code>, имя пользователя{' '}
          <code>{login ?? 'выданный здесь логин'}</code> и пароль, показанный при включении обмена.
        </li>
        <li>
          На вкладке «Выгрузка товаров» отметьте выгрузку товаров, цен и остатков; выберите вид цен, который будет ценой
          на площадке, и склады. Картинки 1С передаёт в архиве вместе с каталогом.
        </li>
        <li>
          На вкладке «Обмен заказами» включите обмен заказами: новые заказы площадки загрузятся в 1С, а оплата, отгрузка
          с номером и отмена из 1С вернутся на площадку.
        </li>
        <li>
          Нажмите «Выполнить обмен» и проверьте результат в журнале обмена; затем включите расписание, например раз в 15
          минут.
        </li>
        <li>Сопоставьте группы товаров 1С с категориями каталога: товары несопоставленных групп ждут в черновиках.</li>
      </Text>
    </details>
  )
}

/**
 * The exchange with 1С on the company page: turned on by an owner or administrator of a confirmed
 * vendor, with the address, the login and a password shown once; the price type and whether a
 * full catalogue may take off sale what 1С no longer has; links to the groups and the log.
 */
export function Exchange1cBlock({ settings }: { settings: Exchange1cView }) {
  const credentials = useCompanyFetcher('exchange-1c-password')
  const revoke = useCompanyFetcher('exchange-1c-revoke')
  const save = useCompanyFetcher('exchange-1c-settings')
  // The login is checked in the browser before anything is sent; the server checks it again.
  const [loginError, setLoginError] = useState<string | null>(null)
  const checkLogin = (event: FormEvent<HTMLFormElement>) => {
    const login = String(new FormData(event.currentTarget).get('login') ?? '').trim()
    const checked = login ? ExchangeLogin.safeParse(login) : null
    setLoginError(checked && !checked.success ? EXCHANGE_MESSAGES.loginInvalid : null)
    if (checked && !checked.success) event.preventDefault()
  }
  const password = credentials.fetcher.data?.ok ? credentials.fetcher.data.password : undefined
  const enabled = revoke.success ? false : settings.enabled || Boolean(password)
  const login = credentials.fetcher.data?.ok ? (credentials.fetcher.data.login ?? settings.login) : settings.login

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="exchange-1c-title">
      <Title order={2} size="h3" id="exchange-1c-title" mb="xs">
        Обмен с 1С
      </Title>
      <Text size="sm" c="dimmed" mb="md" maw={720}>
        1С по расписанию выгружает на площадку товары, цены и остатки и забирает новые заказы по стандартному протоколу
        «Обмен с сайтом» (CommerceML 2). Новые товары проходят модерацию, цены и остатки опубликованных товаров меняются
        сразу.
      </Text>
      <Stack gap="md">
        <FormMessage success={revoke.success} failure={revoke.failure} />
        <FormMessage failure={credentials.failure} fields={['login']} />
        {password && (
          <Alert color="green" variant="light" icon={<IconKey size={18} aria-hidden="true" />} role="status">
            <Stack gap={6}>
              <Text fw={600}>Пароль для 1С: скопируйте его сейчас, больше он показан не будет</Text>
              <Group gap="xs">
                <Text ff="monospace" size="lg" data-testid="exchange-1c-password">
                  {password}
                </Text>
                <CopyButton value={password}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconCopy size={16} aria-hidden="true" />}
                      onClick={copy}
                    >
                      {copied ? 'Скопирован' : 'Скопировать'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        {enabled ? (
          <>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm" m={0}>
              <Detail label="Адрес сайта для 1С" numeric>
                {settings.address}
              </Detail>
              <Detail label="Логин" numeric>
                {login}
              </Detail>
              <Detail label="Пароль">
                {settings.passwordSetAt && !password
                  ? `выдан ${formatDateTime(settings.passwordSetAt)}`
                  : 'выдан только что'}
              </Detail>
            </SimpleGrid>
            <Group gap="sm">
              <credentials.fetcher.Form method="post">
                <input type="hidden" name="intent" value="exchange1cEnable" />
                <Button
                  type="submit"
                  variant="default"
                  loading={credentials.busy}
                  leftSection={<IconRefresh size={18} aria-hidden="true" />}
                >
                  Выдать новый пароль
                </Button>
              </credentials.fetcher.Form>
              <revoke.fetcher.Form method="post">
                <input type="hidden" name="intent" value="exchange1cRevoke" />
                <Button
                  type="submit"
                  variant="default"
                  color="red"
                  loading={revoke.busy}
                  leftSection={<IconPlugConnectedX size={18} aria-hidden="true" />}
                >
                  Выключить обмен
                </Button>
              </revoke.fetcher.Form>
            </Group>
            <save.fetcher.Form method="post" aria-label="Настройки обмена с 1С">
              <input type="hidden" name="intent" value="exchange1cSettings" />
              <Stack gap="sm" maw={560}>
                <FormMessage success={save.success} failure={save.failure} fields={['priceType']} />
                <TextInput
                  name="priceType"
                  label="Вид цен 1С, цены которого — цены на площадке"
                  description="Как он называется в 1С. Если в выгрузке один вид цен, можно не указывать"
                  placeholder="Розничная"
                  defaultValue={save.failure ? save.values.priceType : (settings.priceType ?? '')}
                  error={save.errors.priceType}
                />
                <Checkbox
                  name="takeOffMissing"
                  value="on"
                  label="Снимать с продажи товары, которых нет в полной выгрузке каталога из 1С"
                  defaultChecked={settings.takeOffMissing}
                />
                <Group>
                  <Button type="submit" loading={save.busy}>
                    Сохранить настройки обмена
                  </Button>
                </Group>
              </Stack>
            </save.fetcher.Form>
            <Group gap="lg">
              <Anchor component={AppLink} to={`${EXCHANGE_1C_PATH}#groups`}>
                Группы 1С и категории каталога
              </Anchor>
              <Anchor component={AppLink} to={`${EXCHANGE_1C_PATH}#log`}>
                Журнал обмена
              </Anchor>
            </Group>
            <Instructions address={settings.address} login={login} />
          </>
        ) : (
          <credentials.fetcher.Form method="post" aria-label="Включить обмен с 1С" noValidate onSubmit={checkLogin}>
            <input type="hidden" name="intent" value="exchange1cEnable" />
            <Stack gap="sm" maw={560}>
              <TextInput
                name="login"
                label="Логин для 1С"
                description="Латинские буквы, цифры, точка, дефис, подчёркивание. Можно оставить пустым: логин будет создан"
                defaultValue={credentials.failure ? credentials.values.login : (settings.login ?? '')}
                error={loginError ?? credentials.errors.login}
                autoComplete="off"
              />
              <Group>
                <Button type="submit" loading={credentials.busy} leftSection={<IconKey size={18} aria-hidden="true" />}>
                  Включить обмен и получить пароль
                </Button>
              </Group>
            </Stack>
          </credentials.fetcher.Form>
        )}
      </Stack>
    </Paper>
  )
}
