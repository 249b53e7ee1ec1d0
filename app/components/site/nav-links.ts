import { IconMessageCircle, IconScale, IconShoppingCart } from '@tabler/icons-react'
import { CATALOG_PATH } from '#common/spheres.ts'

export interface NavLink {
  to: string
  label: string
}

export const MAIN_NAV: NavLink[] = [
  { to: CATALOG_PATH, label: 'Каталог' },
  { to: '/services', label: 'Услуги' },
  { to: '/sellers', label: 'Продавцы' },
  { to: '/media', label: 'Медиа' },
]

export const PLATFORM_LINKS: NavLink[] = [
  { to: '/platforms/repair', label: 'Ремонт' },
  { to: '/platforms/education', label: 'Обучение' },
  { to: '/platforms/insurance', label: 'Страхование' },
  { to: '/platforms/cooperation', label: 'Сотрудничество' },
  { to: '/platforms/drone-registration', label: 'Регистрация БПЛА' },
  { to: '/platforms/flight-permissions', label: 'Разрешения на полёты' },
]

export const LEGAL_LINKS: NavLink[] = [
  { to: '/legal-information/privacy-policy', label: 'Политика обработки персональных данных' },
  { to: '/legal-information/user-agreement', label: 'Пользовательское соглашение' },
  { to: '/legal-information/platform-use-agreement', label: 'Соглашение об использовании платформы' },
  { to: '/legal-information/personal-data-processing-agreement', label: 'Согласие на обработку персональных данных' },
]

export const INFO_LINKS: NavLink[] = [
  { to: '/about', label: 'О платформе' },
  { to: '/for-customers', label: 'Покупателям' },
  { to: '/for-sellers', label: 'Продавцам' },
  { to: '/government-programs', label: 'Господдержка' },
  { to: '/platforms', label: 'Сервисы платформы' },
]

/** The user's entries in the header, each with its counter of the header summary; the account follows. */
export const USER_ENTRIES = [
  { to: '/compare', label: 'Сравнение', Icon: IconScale, count: 'compareCount' },
  { to: '/cart', label: 'Корзина', Icon: IconShoppingCart, count: 'cartCount' },
  { to: '/chat', label: 'Чат', Icon: IconMessageCircle, count: 'chatUnreadMessagesCount' },
] as const
