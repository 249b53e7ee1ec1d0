/**
 * The platform operator. Every page and legal document takes the operator's details from
 * here, so a change of address or e-mail is made once.
 */
export const PLATFORM = {
  brand: 'БАС Маркет',
  tagline: 'Маркетплейс беспилотных авиационных систем',
  operator: {
    fullName: 'Общество с ограниченной ответственностью «БАС Маркет»',
    shortName: 'ООО «БАС Маркет»',
    inn: '7714460917',
    kpp: '771401001',
    ogrn: '1217700412563',
    legalAddress: '125167, г. Москва, Ленинградский проспект, д. 37, корп. 9, помещ. 4',
    postalAddress: '125167, г. Москва, Ленинградский проспект, д. 37, корп. 9, помещ. 4',
  },
  contacts: {
    phone: '+7 (495) 120-45-67',
    phoneHref: 'tel:+74951204567',
    email: 'info@bas-market.ru',
    supportEmail: 'support@bas-market.ru',
    privacyEmail: 'privacy@bas-market.ru',
    workingHours: 'пн–пт, 9:00–18:00 (мск)',
  },
} as const
