import type { LegalDocument, PageMeta } from '#content/types.ts'
import { PLATFORM } from '#content/company.ts'
import { document as privacyPolicy } from '#content/legal/privacy-policy.ts'
import { document as userAgreement } from '#content/legal/user-agreement.ts'
import { document as platformUseAgreement } from '#content/legal/platform-use-agreement.ts'
import { document as personalDataProcessingAgreement } from '#content/legal/personal-data-processing-agreement.ts'

/** The legal documents in the order the index page lists them. */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [
  privacyPolicy,
  userAgreement,
  platformUseAgreement,
  personalDataProcessingAgreement,
]

export function getLegalDocument(slug: string): LegalDocument | undefined {
  return LEGAL_DOCUMENTS.find((doc) => doc.slug === slug)
}

export const LEGAL_INDEX: { title: string; lead: string; meta: PageMeta } = {
  title: 'Правовая информация',
  lead: `Здесь опубликованы документы, на основании которых ${PLATFORM.operator.shortName} предоставляет доступ к платформе «${PLATFORM.brand}» и обрабатывает персональные данные. Они определяют порядок регистрации организаций, правила размещения товаров и услуг, заключения сделок между покупателями и поставщиками, а также права пользователей. Перед регистрацией и отправкой форм ознакомьтесь с действующими редакциями документов.`,
  meta: {
    title: `Правовая информация — ${PLATFORM.brand}`,
    description: `Пользовательское соглашение, соглашение об использовании платформы, политика обработки персональных данных и согласие на их обработку маркетплейса «${PLATFORM.brand}».`,
  },
}
