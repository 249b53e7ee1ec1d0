import type { CompanyFacts } from '#common/company-facts.ts'
import { LEGAL_FORM_LABELS, LEGAL_FORMS, type LegalForm } from '#common/organizations.ts'
import { z } from '#common/zod.ts'
import { AppError } from '../../../errors.ts'

/** A company-data provider: the register's record of a company by its INN, or null when there is none. */
export interface CompanyRegistry {
  findByInn(inn: string): Promise<CompanyFacts | null>
}

export const REGISTRY_MESSAGES = {
  off: 'Заполнение по ИНН не подключено: заполните поля вручную',
  unavailable: 'Сервис данных о компаниях сейчас не отвечает: заполните поля вручную или попробуйте позже',
  notFound: (inn: string) => `Организация или ИП с ИНН ${inn} не найдены в ЕГРЮЛ и ЕГРИП`,
} as const

/** How long a lookup may take before the form says to fill the fields by hand. */
const TIMEOUT_MS = 5000

/** The part of DaData's «findById/party» answer this reads (https://dadata.ru/api/find-party/). */
const PartyAnswer = z.object({
  suggestions: z.array(
    z.object({
      data: z.object({
        inn: z.string(),
        kpp: z.string().nullish(),
        ogrn: z.string().nullish(),
        type: z.enum(['LEGAL', 'INDIVIDUAL']).catch('LEGAL'),
        opf: z.object({ short: z.string().nullish() }).nullish(),
        name: z.object({ full_with_opf: z.string().nullish(), short_with_opf: z.string().nullish() }),
        address: z.object({ value: z.string().nullish(), unrestricted_value: z.string().nullish() }).nullish(),
        state: z.object({ status: z.string().nullish() }).nullish(),
      }),
    }),
  ),
})
type Party = z.infer<typeof PartyAnswer>['suggestions'][number]['data']

const FORM_BY_LABEL = new Map<string, LegalForm>(LEGAL_FORMS.map((form) => [LEGAL_FORM_LABELS[form], form]))

/** The register writes names in capitals with straight quotes: «ООО "АЭРОСКАН"» → «ООО «АЭРОСКАН»». */
const withRussianQuotes = (name: string) => name.replace(/"([^"]*)"/g, '«$1»').trim()

function toFacts(party: Party): CompanyFacts {
  const individual = party.type === 'INDIVIDUAL'
  return {
    inn: party.inn,
    kpp: individual ? null : (party.kpp ?? null),
    ogrn: party.ogrn ?? '',
    legalForm: individual ? 'ip' : (FORM_BY_LABEL.get(party.opf?.short ?? '') ?? null),
    shortName: withRussianQuotes(party.name.short_with_opf ?? party.name.full_with_opf ?? ''),
    fullName: withRussianQuotes(party.name.full_with_opf ?? party.name.short_with_opf ?? ''),
    legalAddress: party.address?.unrestricted_value ?? party.address?.value ?? '',
    active: (party.state?.status ?? 'ACTIVE') === 'ACTIVE',
  }
}

/**
 * DaData's «findById/party» (`POST {url}/suggestions/api/4_1/rs/findById/party`, `Token` key): the
 * head office of the company with that INN. A refusal, a timeout or an answer of another shape is
 * «unavailable» (503): the forms then ask for the fields by hand.
 */
export function createDadataRegistry(opts: { url: string; apiKey: string; timeoutMs?: number }): CompanyRegistry {
  const endpoint = `${opts.url.replace(/\/$/, '')}/suggestions/api/4_1/rs/findById/party`
  return {
    async findByInn(inn) {
      let response: Response
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            Authorization: `Token ${opts.apiKey}`,
          },
          body: JSON.stringify({ query: inn, branch_type: 'MAIN', count: 1 }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
        })
      } catch {
        throw new AppError('unavailable', REGISTRY_MESSAGES.unavailable)
      }
      if (!response.ok) throw new AppError('unavailable', REGISTRY_MESSAGES.unavailable)
      const parsed = PartyAnswer.safeParse(await response.json().catch(() => null))
      if (!parsed.success) throw new AppError('unavailable', REGISTRY_MESSAGES.unavailable)
      const party = parsed.data.suggestions.find((s) => s.data.inn === inn)
      return party ? toFacts(party.data) : null
    },
  }
}
