import { IconCircleCheck, IconId } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import ui from '#app/components/ui/ui.module.css'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { REGISTRATION_ACCOUNT_FROM_KG, REGISTRATION_STATE_ABOVE_KG } from '#common/catalog/registration.ts'
import { formatNumber } from '#common/format.ts'
import type { OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { DRONE_REGISTRATION_PATH } from './order-paths.ts'
import classes from './order-facts.module.css'

type RegistrationOrder = Pick<OrderDetails, 'lines' | 'registration' | 'buyerParty' | 'history'>

const kg = (value: number) => `${formatNumber(value, 2)} кг`

/** The drones of the order, with the serial numbers the seller shipped them under. */
function SerialList({ lines }: { lines: OrderDetails['lines'] }) {
  return (
    <ul className={`${classes.list} ${classes.listLoose}`}>
      {lines.map((line) => (
        <li key={line.id} className={`${ui.text} ${ui.sm}`}>
          <strong>{line.title}</strong>
          {` — ${formatNumber(line.quantity)} шт., ${line.registration === 'state' ? 'государственная регистрация' : 'учёт'}`}
          <p className={`${ui.text} ${ui.sm} ${classes.anywhere}`}>
            {line.serialNumbers.length
              ? `Серийные номера: ${line.serialNumbers.join(', ')}`
              : 'Продавец не указал серийные номера: попросите их в переписке по заказу.'}
          </p>
        </li>
      ))}
    </ul>
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
  // A return or price change is written in the history too, with the status it left unchanged.
  const received = order.history.findLast((h) => h.to === 'delivered' && h.from !== 'delivered')?.at
  const done = registration.doneAt

  const text = `${ui.text} ${ui.sm}`
  return (
    <section
      className={`${ui.panel} ${classes.panel} ${classes.stackSm} ${classes.registration}`}
      data-done={done ? true : undefined}
      aria-labelledby="registration-title"
    >
      <div className={classes.headingRow}>
        <span className={classes.themeIcon} aria-hidden="true">
          {done ? <IconCircleCheck size={22} /> : <IconId size={22} />}
        </span>
        <h2 className={`${ui.title} ${ui.h3}`} id="registration-title">
          {done ? 'Беспилотники поставлены на учёт' : 'Поставьте беспилотники на учёт'}
        </h2>
      </div>

      {done ? (
        <p className={text}>
          Вы отметили это {formatDateTime(done)}. Напоминания о постановке на учёт по этому заказу больше не придут.
        </p>
      ) : (
        <>
          <p className={text}>
            В заказе есть беспилотники, которые по закону нужно поставить на учёт до первого полёта. Это обязанность
            владельца — вашей организации ({order.buyerParty.name}), а не продавца.
          </p>
          {account && (
            <div className={classes.stackTight}>
              <h3 className={`${ui.title} ${ui.h5}`}>
                Учёт в Росавиации: максимальная взлётная масса от {kg(REGISTRATION_ACCOUNT_FROM_KG)} до{' '}
                {kg(REGISTRATION_STATE_ABOVE_KG)}
              </h3>
              <ul className={classes.list}>
                <li className={text}>
                  Срок — 10 рабочих дней со дня приобретения
                  {received ? ` (заказ получен ${formatDate(received)})` : ''}.
                </li>
                <li className={text}>
                  Заявление подаёт руководитель или уполномоченный сотрудник через учётную запись организации на
                  Госуслугах, в услуге учёта беспилотных воздушных судов. Понадобятся серийный номер и фотография
                  каждого беспилотника.
                </li>
                <li className={text}>Присвоенный учётный номер нанесите на корпус беспилотника до первого полёта.</li>
              </ul>
            </div>
          )}
          {stateRegistered && (
            <div className={classes.stackTight}>
              <h3 className={`${ui.title} ${ui.h5}`}>
                Государственная регистрация: максимальная взлётная масса больше {kg(REGISTRATION_STATE_ABOVE_KG)}
              </h3>
              <p className={text}>
                Такой беспилотник вносится в Государственный реестр гражданских воздушных судов, получает
                регистрационный знак и должен иметь сертификат лётной годности. Летать на нём до регистрации нельзя.
              </p>
            </div>
          )}
        </>
      )}

      <div className={classes.stackTight}>
        <h3 className={`${ui.title} ${ui.h5}`}>Серийные номера из отгрузки</h3>
        <SerialList lines={lines} />
      </div>

      <AppLink to={DRONE_REGISTRATION_PATH} className={`${ui.anchor} ${ui.sm} ${classes.strongLink}`}>
        Как поставить беспилотник на учёт: порядок, документы, маркировка
      </AppLink>

      {!done && (
        <IntentForm state={state} intent="markRegistered">
          <div className={`${classes.stackXs} ${classes.start}`}>
            <FormMessage failure={failureOf(state, 'markRegistered')} />
            <SubmitButton state={state} intent="markRegistered">
              Беспилотники поставлены на учёт
            </SubmitButton>
            <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>
              Отметьте, когда получите учётные номера на все беспилотники заказа: напоминания прекратятся.
            </p>
          </div>
        </IntentForm>
      )}
    </section>
  )
}
