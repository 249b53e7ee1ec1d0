import { ORDER_STATUS_LABELS, ORDER_STATUSES } from './orders.ts'
import { CORRECTION_STATUS_LABELS, CORRECTION_STATUSES } from './order-corrections.ts'
import { SERVICE_ORDER_ACTION_LABELS } from './exchange/service-orders.ts'
import { LEAD_STATUS_LABELS } from './staff.ts'
import { MEMBER_ROLE_LABELS, ROLE_LABELS, VERIFICATION_LABELS } from './organizations.ts'

/**
 * Russian names of the codes staff screens show: the audit log's actions, objects and details,
 * the outbox's kinds of e-mail and the background jobs' kinds. A code without a name shows as it
 * is (a test in server/ checks that every code the server writes has one).
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.register': 'Регистрация',
  'user.email_confirm': 'Адрес почты подтверждён',
  'user.email_change_request': 'Запрошена смена адреса почты',
  'user.email_change': 'Адрес почты изменён',
  'user.email_change_cancel': 'Смена адреса почты отменена',
  'user.email_change_revert': 'Возвращён прежний адрес почты',
  'user.password_change': 'Пароль изменён',
  'user.password_reset': 'Пароль восстановлен',
  'organization.create': 'Организация зарегистрирована',
  'organization.update': 'Данные организации изменены',
  'organization.bank_requisites': 'Банковские реквизиты изменены',
  'organization.document_settings': 'Подписанты и настройки документов изменены',
  'organization.invitation_accept': 'Приглашение принято',
  'organization.join_accepted': 'Заявка на вступление принята',
  'organization.join_declined': 'Заявка на вступление отклонена',
  'organization.member_remove': 'Сотрудник исключён',
  'organization.member_role': 'Роль сотрудника изменена',
  'organization_role.approve': 'Роль организации подтверждена',
  'organization_role.requestFixes': 'Роль организации возвращена на доработку',
  'product.approve': 'Товар одобрен',
  'product.request_fixes': 'Товар возвращён на доработку',
  'product.attach_model': 'Товар привязан к модели каталога',
  'catalog.model_merge': 'Модели каталога объединены',
  'service_offer.approve': 'Услуга одобрена',
  'service_offer.request_fixes': 'Услуга возвращена на доработку',
  'review.hide': 'Отзыв скрыт',
  'review.unhide': 'Отзыв снова показан',
  'chat.block': 'Организация заблокирована в чате',
  'chat.unblock': 'Организация разблокирована в чате',
  'chat.report_resolved': 'Жалоба на сообщение рассмотрена',
  'file.staff_read': 'Сотрудник открыл файл',
  'order.staff_view': 'Сотрудник открыл заказ',
  'service_order.staff_view': 'Сотрудник открыл заказ услуги',
  'lead.status_change': 'Статус заявки с сайта изменён',
  'media.article.create': 'Статья создана',
  'media.article.update': 'Статья изменена',
  'media.article.publish': 'Статья опубликована',
  'media.article.schedule': 'Публикация статьи запланирована',
  'media.article.unschedule': 'Публикация статьи отменена',
  'media.article.archive': 'Статья снята с публикации',
  'media.article.restore': 'Статья возвращена в черновики',
}

/** The log's filter: by a group of actions (the code's first part) or by one action. */
export const AUDIT_ACTION_GROUPS: { prefix: string; label: string }[] = [
  { prefix: 'user', label: 'Учётные записи' },
  { prefix: 'organization', label: 'Организации' },
  { prefix: 'organization_role', label: 'Проверка ролей' },
  { prefix: 'product', label: 'Модерация товаров' },
  { prefix: 'catalog', label: 'Модели каталога' },
  { prefix: 'service_offer', label: 'Модерация услуг' },
  { prefix: 'review', label: 'Отзывы' },
  { prefix: 'chat', label: 'Чат' },
  { prefix: 'media.article', label: 'Статьи' },
  { prefix: 'lead', label: 'Заявки с сайта' },
  { prefix: 'order', label: 'Заказы' },
  { prefix: 'service_order', label: 'Заказы услуг' },
  { prefix: 'file', label: 'Файлы' },
]

export const AUDIT_TARGET_LABELS: Record<string, string> = {
  user: 'Пользователь',
  organization: 'Организация',
  organization_role: 'Роль организации',
  product: 'Товар',
  catalog_model: 'Модель каталога',
  service_offer: 'Услуга',
  product_review: 'Отзыв о товаре',
  seller_review: 'Отзыв о продавце',
  chat_report: 'Жалоба в чате',
  file: 'Файл',
  order: 'Заказ',
  service_order: 'Заказ услуги',
  lead: 'Заявка с сайта',
  article: 'Статья',
}

export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  from: 'Было',
  to: 'Стало',
  comment: 'Комментарий',
  reason: 'Причина',
  number: 'Номер',
  title: 'Заголовок',
  slug: 'Адрес',
  at: 'Время',
  scheduled: 'Запланировано на',
  organizationId: 'Организация',
  userId: 'Пользователь',
  type: 'Роль',
  bik: 'БИК',
  fields: 'Поля',
}

/** The words of a detail's value where it is a code: a status, a role. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  organization_role: { ...VERIFICATION_LABELS, ...ROLE_LABELS },
  lead: LEAD_STATUS_LABELS,
  organization: MEMBER_ROLE_LABELS,
}

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action
export const auditTargetLabel = (targetType: string) => AUDIT_TARGET_LABELS[targetType] ?? targetType
export const auditDetailLabel = (key: string) => AUDIT_DETAIL_LABELS[key] ?? key
export const auditValueLabel = (targetType: string, value: string) => VALUE_LABELS[targetType]?.[value] ?? value

export const EMAIL_KIND_LABELS: Record<string, string> = {
  registration_confirm: 'Подтверждение регистрации',
  registration_existing: 'Попытка регистрации на занятый адрес',
  password_reset: 'Восстановление пароля',
  email_confirm: 'Подтверждение адреса',
  email_change_confirm: 'Подтверждение нового адреса',
  email_change_taken: 'Новый адрес занят',
  email_change_requested: 'Запрошена смена адреса',
  email_changed: 'Адрес изменён',
  organization_invitation: 'Приглашение в организацию',
  organization_join_request: 'Заявка на вступление',
  organization_join_decision: 'Решение по заявке на вступление',
  organization_role_confirmed: 'Роль подтверждена',
  organization_role_need_fixes: 'Роль на доработке',
  product_approved: 'Товар опубликован',
  product_need_fixes: 'Товар на доработке',
  service_offer_approved: 'Услуга опубликована',
  service_offer_need_fixes: 'Услуга на доработке',
  service_request_new: 'Новая заявка на бирже',
  service_request_invited: 'Приглашение к заявке',
  review_created: 'Новый отзыв',
  chat_unread_digest: 'Непрочитанные сообщения',
  order_registration_reminder: 'Напоминание о постановке на учёт',
  order_upd_issued: 'УПД выставлен после отгрузки',
  procurement_requested: 'Запрос КП поставщику',
  procurement_answered: 'Ответ на запрос КП',
  procurement_declined: 'Отказ от запроса КП',
  procurement_cancelled: 'Запрос КП отменён',
  order_upd_missing: 'Напоминание: заказы без УПД',
  ...Object.fromEntries(
    CORRECTION_STATUSES.map((s) => [
      `order_correction_${s}`,
      `Корректировка заказа: ${CORRECTION_STATUS_LABELS[s].toLowerCase()}`,
    ]),
  ),
  ...Object.fromEntries(ORDER_STATUSES.map((s) => [`order_${s}`, `Заказ: ${ORDER_STATUS_LABELS[s].toLowerCase()}`])),
  ...Object.fromEntries(
    Object.entries(SERVICE_ORDER_ACTION_LABELS).map(([event, label]) => [
      `service_order_${event}`,
      `Заказ услуги: ${label.toLowerCase()}`,
    ]),
  ),
  proposal_submitted: 'Новое предложение по заявке',
  proposal_revised: 'Предложение изменено',
  proposal_accepted: 'Предложение принято',
  proposal_rejected: 'Предложение отклонено',
  proposal_superseded: 'Выбран другой исполнитель',
}

export const emailKindLabel = (kind: string) => EMAIL_KIND_LABELS[kind] ?? kind

export const JOB_KIND_LABELS: Record<string, string> = {
  'chat.digest': 'Письмо о непрочитанных сообщениях',
  'chat.publish_system_messages': 'Публикация сообщений платформы в чате',
  'exchange.announce_request': 'Рассылка о новой заявке на бирже',
  'exchange.expire_requests': 'Закрытие заявок с истёкшим сроком',
  'identity.housekeeping': 'Уборка: сеансы, ссылки, ключи',
  'mail.deliver': 'Отправка писем',
  'media.publish_article': 'Публикация статьи по расписанию',
  'orders.auto_complete': 'Автоматическое завершение заказа',
  'onec.import_file': 'Загрузка файла из 1С',
  'orders.auto_deliver': 'Автоматическая отметка о доставке',
  'orders.registration_reminder': 'Напоминание о постановке на учёт',
  'orders.upd_reminder': 'Напоминание продавцам о заказах без УПД',
  'procurement.close_expired': 'Закрытие запросов КП с истёкшим сроком',
  'products.clean_imports': 'Уборка старых импортов',
  'products.parse_import': 'Разбор файла импорта',
  'products.run_import': 'Импорт товаров',
  'products.fetch_import_pictures': 'Фото импортированных товаров',
}

export const jobKindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind
