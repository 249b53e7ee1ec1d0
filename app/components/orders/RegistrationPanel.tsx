import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCircleCheck, IconId } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { REGISTRATION_ACCOUNT_FROM_KG, REGISTRATION_STATE_ABOVE_KG } from '#common/catalog/registration.ts'
import { formatNumber } from '#common/format.ts'
import type { OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { DRONE_REGISTRATION_PATH } from './order-paths.ts'

type RegistrationOrder = Pick<OrderDetails, 'lines' | 'registration' | 'buyerParty' | 'history'>

const kg = (value: number) => `${formatNumber(value, 2)} кг`

/** The drones of the order, with the serial numbers the seller shipped them under. */
function SerialList({ lines }: { lines: OrderDetails['lines'] }) {
  return (
    <List spacing={6} size="sm">
      {lines.map((line) => (
        <List.Item key={line.id}>
          <Text span fw={600} size="sm">
            {line.title}
          </Text>
          {` — ${formatNumber(line.quantity)} шт., ${line.registration === 'state' ? 'государственная регистрация' : 'учёт'}`}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line.serialNumbers.length
              ? `Серийные номера: ${line.serialNumbers.join(', ')}`
              : 'Продавец не указал серийные номера: попросите их в переписке по заказу.'}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}

/**
 * The buyer's reminder of the duty to register the drones it bought, from shipment on: who must
 * do it (the owner, that is the buying organization), by when, where, and under which serial
 * numbers. The buyer marks it done, and the reminders stop.
 */
export function RegistrationPanel({ order, state }: { order: RegistrationOrder; state: ActionState }) {
  const { registration } = order
  if (!registration.required) return null
  const lines = order.lines.filter((l) => l.registration !== 'none')
  const account = lines.some((l) => l.registration === 'account')
  const stateRegistered = lines.some((l) => l.registration === 'state')
  const received = order.history.findLast((h) => h.to === 'delivered')?.at
  const done = registration.doneAt

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="registration-title"
      bg={done ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-orange-0)'}
      style={{ borderColor: done ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-orange-5)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon color={done ? 'teal' : 'orange'} variant="light" size="lg" aria-hidden="true">
            {done ? <IconCircleCheck size={22} /> : <IconId size={22} />}
          </ThemeIcon>
          <Title order={2} size="h3" id="registration-title">
            {done ? 'Беспилотники поставлены на учёт' : 'Поставьте беспилотники на учёт'}
          </Title>
        </Group>

        {done ? (
          <Text size="sm">
            Вы отметили это {formatDateTime(done)}. Напоминания о постановке на учёт по этому заказу больше не придут.
          </Text>
        ) : (
          <>
            <Text size="sm">
              В заказе есть беспилотники, которые по закону нужно поставить на учёт до первого полёта. Это обязанность
              владельца — вашей организации ({order.buyerParty.name}), а не продавца.
            </Text>
            {account && (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  Учёт в Росавиации: максимальная взлётная масса от {kg(REGISTRATION_ACCOUNT_FROM_KG)} до{' '}
                  {kg(REGISTRATION_STATE_ABOVE_KG)}
                </Title>
                <List size="sm" spacing={4}>
                  <List.Item>
                    Срок — 10 рабочих дней со дня приобретения
                    {received ? ` (заказ получен ${formatDate(received)})` : ''}.
                  </List.Item>
                  <List.Item>
                    Заявление подаёт руководитель или уполномоченный сотрудник через учётную запись организации на
                    Госуслугах, в услуге учёта беспилотных воздушных судов. Понадобятся серийный номер и фотография
                    каждого беспилотника.
                  </List.Item>
                  <List.Item>Присвоенный учётный номер нанесите на корпус беспилотника до первого полёта.</List.Item>
                </List>
              </Stack>
            )}
            {stateRegistered && (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  Государственная регистрация: максимальная взлётная масса больше {kg(REGISTRATION_STATE_ABOVE_KG)}
                </Title>
                <Text size="sm">
                  Такой беспилотник вносится в Государственный реестр гражданских воздушных судов, получает
                  регистрационный знак и должен иметь сертификат лётной годности. Летать на нём до регистрации нельзя.
                </Text>
              </Stack>
            )}
          </>
        )}

        <Stack gap={4}>
          <Title order={3} size="h5">
            Серийные номера из отгрузки
          </Title>
          <SerialList lines={lines} />
        </Stack>

        <Anchor component={AppLink} to={DRONE_REGISTRATION_PATH} size="sm" fw={600}>
          Как поставить беспилотник на учёт: порядок, документы, маркировка
        </Anchor>

        {!done && (
          <IntentForm state={state} intent="markRegistered">
            <Stack gap="xs" align="flex-start">
              <FormMessage failure={failureOf(state, 'markRegistered')} />
              <SubmitButton state={state} intent="markRegistered">
                Беспилотники поставлены на учёт
              </SubmitButton>
              <Text size="xs" c="dimmed">
                Отметьте, когда получите учётные номера на все беспилотники заказа: напоминания прекратятся.
              </Text>
            </Stack>
          </IntentForm>
        )}
      </Stack>
    </Paper>
  )
}
