import type { RequestCard as Request } from '#common/exchange/listing.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { formatBudget, formatVolume, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { formatHectares } from '#common/hectares.ts'
import { regionName } from '#common/regions.ts'
import { formatCount, formatDate } from '#app/lib/format.ts'
import { AppLink } from '#app/components/AppLink.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import classes from './exchange.module.css'

const PROPOSAL_FORMS = ['предложение', 'предложения', 'предложений'] as const

/** An open request on the exchange, linking to its page. */
export function RequestCard({ request }: { request: Request }) {
  const amount =
    request.areaHectares !== null
      ? formatHectares(request.areaHectares)
      : request.volume !== null
        ? formatVolume(request.volume, request.volumeUnit, 1)
        : null
  return (
    <li className={`${cards.card} ${cards.cardFocus} ${classes.card} ${classes.requestCard}`}>
      <div className={classes.cardBody}>
        <p className={classes.kind}>
          {SERVICE_TYPE_LABELS[request.type]} · <span className={classes.dim}>{request.number}</span>
        </p>
        <h2 className={classes.cardTitle}>
          <AppLink className={classes.cardLink} to={exchangeLinks.request(request.number)}>
            {request.title}
          </AppLink>
        </h2>
        <p className={classes.price}>{formatBudget(request.budgetKopecks)}</p>
        <dl className={classes.facts}>
          <div>
            <dt>Где</dt>
            <dd>{request.region ? regionName(request.region) : 'Не указано'}</dd>
          </div>
          {amount && (
            <div>
              <dt>Объём</dt>
              <dd>{amount}</dd>
            </div>
          )}
          {request.startsOn && (
            <div>
              <dt>Сроки</dt>
              <dd>
                с {formatDate(request.startsOn)}
                {request.endsOn && ` по ${formatDate(request.endsOn)}`}
              </dd>
            </div>
          )}
          {request.proposalsDeadline && (
            <div>
              <dt>Приём предложений</dt>
              <dd>до {formatDate(request.proposalsDeadline)}</dd>
            </div>
          )}
        </dl>
        <p className={classes.meta}>
          {request.customerName} ·{' '}
          {request.proposalCount ? formatCount(request.proposalCount, PROPOSAL_FORMS) : 'Предложений пока нет'}
        </p>
      </div>
    </li>
  )
}
