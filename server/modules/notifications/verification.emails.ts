import { ROLE_LABELS } from '#common/organizations.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/** A staff decision on a role request reaches every owner of the organization. */
export function verificationDecided(
  event: EventOf<'verification.approved' | 'verification.fixes_requested'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const approved = event.type === 'verification.approved'
  const org = event.organization.name
  const roleName = ROLE_LABELS[event.role]
  return recipients.map((owner) => ({
    to: owner.email,
    kind: approved ? 'organization_role_confirmed' : 'organization_role_need_fixes',
    subject: approved
      ? `Роль «${roleName}» подтверждена — ${org}`
      : `Заявку на роль «${roleName}» нужно доработать — ${org}`,
    text: [
      `Здравствуйте, ${owner.name}!`,
      '',
      approved
        ? `Платформа БАС Маркет подтвердила роль «${roleName}» организации «${org}».`
        : `Заявку организации «${org}» на роль «${roleName}» вернули на доработку.`,
      ...(event.comment ? ['', `Комментарий модератора: ${event.comment}`] : []),
      '',
      `Личный кабинет компании: ${links.company()}`,
    ].join('\n'),
  }))
}
