import { ROLE_LABELS } from '#common/organizations.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'
import { quote } from '#common/format.ts'

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
      ? `Роль ${quote(roleName)} подтверждена — ${org}`
      : `Заявку на роль ${quote(roleName)} нужно доработать — ${org}`,
    text: [
      `Здравствуйте, ${owner.name}!`,
      '',
      approved
        ? `Платформа БАС Маркет подтвердила роль ${quote(roleName)} организации ${quote(org)}.`
        : `Заявку организации ${quote(org)} на роль ${quote(roleName)} вернули на доработку.`,
      ...(event.comment ? ['', `Комментарий модератора: ${event.comment}`] : []),
      '',
      `Личный кабинет компании: ${links.company()}`,
    ].join('\n'),
  }))
}
