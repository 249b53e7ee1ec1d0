import type { EmailsOf } from './channels.ts'

/** Registration and the links that prove an address (decision 013), and password resets. */

export const registrationRequested: EmailsOf<'identity.registration_requested'> = (event, links) => [
  {
    to: event.email,
    kind: 'registration_confirm',
    subject: 'Подтвердите адрес для регистрации в БАС Маркет',
    text: [
      `Здравствуйте, ${event.name}!`,
      '',
      'Чтобы завершить регистрацию в БАС Маркет, откройте ссылку (она действует 24 часа):',
      links.confirmEmail(event.token),
      '',
      'Если вы не регистрировались, просто проигнорируйте это письмо: аккаунт не будет создан.',
    ].join('\n'),
  },
]

/** The owner is told instead of the registrant, so registration never tells who has an account. */
export const registrationAddressTaken: EmailsOf<'identity.registration_address_taken'> = ({ owner }, links) => [
  {
    to: owner.email,
    kind: 'registration_existing',
    subject: 'Попытка регистрации с вашим адресом в БАС Маркет',
    text: [
      `Здравствуйте, ${owner.name}!`,
      '',
      'Кто-то (возможно, вы) пытался зарегистрироваться в БАС Маркет с этим адресом. Аккаунт с ним уже есть, новый не создан.',
      `Чтобы войти, откройте ${links.home()} и нажмите «Войти». Если вы забыли пароль, восстановите его там же.`,
      '',
      'Если это были не вы, ничего делать не нужно: без доступа к этой почте никто не войдёт в ваш аккаунт.',
    ].join('\n'),
  },
]

export const passwordResetRequested: EmailsOf<'identity.password_reset_requested'> = ({ user, token }, links) => [
  {
    to: user.email,
    kind: 'password_reset',
    subject: 'Смена пароля в БАС Маркет',
    text: [
      `Здравствуйте, ${user.name}!`,
      '',
      'Чтобы задать новый пароль, откройте ссылку (она действует 1 час и только один раз):',
      links.resetPassword(token),
      '',
      'Если вы не запрашивали смену пароля, просто проигнорируйте это письмо.',
    ].join('\n'),
  },
]

/**
 * The new address gets the link (or, when another account owns it, a notice with no link); the
 * current address is told and gets the link that cancels the change or undoes it.
 */
export const emailChangeRequested: EmailsOf<'identity.email_change_requested'> = (event, links) => {
  const { user, newEmail } = event
  const toNewAddress = event.newEmailTaken
    ? {
        to: newEmail,
        kind: 'email_change_taken',
        subject: 'Запрос на привязку вашего адреса в БАС Маркет',
        text: [
          'Здравствуйте!',
          '',
          'Кто-то попросил сделать этот адрес адресом входа другого аккаунта БАС Маркет. Адрес уже привязан к вашему аккаунту, поэтому ничего не изменится.',
        ].join('\n'),
      }
    : {
        to: newEmail,
        kind: 'email_change_confirm',
        subject: 'Подтвердите новый адрес в БАС Маркет',
        text: [
          `Здравствуйте, ${user.name}!`,
          '',
          'Чтобы входить в БАС Маркет с этим адресом, откройте ссылку (она действует 24 часа):',
          links.confirmEmail(event.token),
          '',
          'Пока ссылка не открыта, адрес входа остаётся прежним. Если вы ничего не меняли, проигнорируйте письмо.',
        ].join('\n'),
      }
  const toCurrentAddress = {
    to: user.email,
    kind: 'email_change_requested',
    subject: 'Запрошена смена адреса для входа в БАС Маркет',
    text: [
      `Здравствуйте, ${user.name}!`,
      '',
      `В вашем аккаунте запрошена смена адреса для входа на ${newEmail}. Адрес изменится, только когда откроют ссылку из письма на новый адрес.`,
      '',
      'Если это были не вы, отмените смену по ссылке (она действует 7 дней и отменяет даже уже сделанную смену; все сеансы будут завершены):',
      links.cancelEmailChange(event.cancelToken),
      'Затем смените пароль.',
    ].join('\n'),
  }
  return [toNewAddress, toCurrentAddress]
}

/** The previous address hears of the change: its cancel link from the request still undoes it. */
export const emailChanged: EmailsOf<'identity.email_changed'> = ({ user, previousEmail }) => [
  {
    to: previousEmail,
    kind: 'email_changed',
    subject: 'Адрес для входа в БАС Маркет изменён',
    text: [
      `Здравствуйте, ${user.name}!`,
      '',
      `Адрес для входа в БАС Маркет изменён на ${user.email}: ссылку в письме на новый адрес открыли.`,
      'Если это были не вы, откройте ссылку отмены из предыдущего письма (она действует 7 дней): адрес вернётся, все сеансы будут завершены.',
    ].join('\n'),
  },
]

export const emailConfirmationRequested: EmailsOf<'identity.email_confirmation_requested'> = (
  { user, token },
  links,
) => [
  {
    to: user.email,
    kind: 'email_confirm',
    subject: 'Подтвердите адрес в БАС Маркет',
    text: [
      `Здравствуйте, ${user.name}!`,
      '',
      'Чтобы подтвердить адрес для входа в БАС Маркет, откройте ссылку (она действует 24 часа):',
      links.confirmEmail(token),
    ].join('\n'),
  },
]
