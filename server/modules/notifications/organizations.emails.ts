import { MEMBER_ROLE_LABELS } from '#common/organizations.ts'
import type { EmailsOf } from './channels.ts'
import { quote } from '#common/format.ts'

/** Membership of organizations: join requests, their decisions, invitations. */

/** Each owner gets the same notice; the outbox keeps one row per recipient. */
export const joinRequested: EmailsOf<'organizations.join_requested'> = (event, links, recipients) => {
  const { organization, requester, message } = event
  return recipients.map((owner) => ({
    to: owner.email,
    kind: 'organization_join_request',
    subject: `Заявка на вступление в ${quote(organization.name)}`,
    text: [
      `Здравствуйте, ${owner.name}!`,
      '',
      `${requester.name} (${requester.email}) просит добавить его в организацию ${quote(organization.name)} на БАС Маркет.`,
      ...(message ? ['', `Сообщение: ${message}`] : []),
      '',
      `Принять или отклонить заявку: ${links.company()}`,
    ].join('\n'),
  }))
}

export const joinRequestDecided: EmailsOf<'organizations.join_request_decided'> = (event, links) => {
  const { organization, user } = event
  const accepted = event.decision === 'accepted'
  return [
    {
      to: user.email,
      kind: 'organization_join_decision',
      subject: accepted
        ? `Вас добавили в ${quote(organization.name)}`
        : `Заявка в ${quote(organization.name)} отклонена`,
      text: accepted
        ? `Здравствуйте, ${user.name}!\n\nВаша заявка принята: теперь вы участник организации ${quote(organization.name)} на БАС Маркет.\n${links.company()}`
        : `Здравствуйте, ${user.name}!\n\nВладелец организации ${quote(organization.name)} отклонил вашу заявку на вступление.`,
    },
  ]
}

export const invitationCreated: EmailsOf<'organizations.invitation_created'> = (event, links) => [
  {
    to: event.email,
    kind: 'organization_invitation',
    subject: `Приглашение в организацию ${quote(event.organization.name)} на БАС Маркет`,
    text: [
      'Здравствуйте!',
      '',
      `${event.invitedBy.name} приглашает вас в организацию ${quote(event.organization.name)} на платформе БАС Маркет (роль: ${MEMBER_ROLE_LABELS[event.role]}).`,
      'Войдите или зарегистрируйтесь с этим адресом и откройте ссылку (она действует 7 дней):',
      links.acceptInvitation(event.token),
      '',
      'Если вы не ждали этого письма, просто проигнорируйте его.',
    ].join('\n'),
  },
]
