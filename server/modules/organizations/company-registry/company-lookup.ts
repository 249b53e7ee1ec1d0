import {
  type CompanyFacts,
  type RegisterCheck,
  type RegisterField,
  registerDifferences,
} from '#common/company-facts.ts'
import { Inn } from '#common/organizations.schemas.ts'
import { z } from '#common/zod.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import { AppError, isAppError } from '../../../errors.ts'
import type { RateLimitRule } from '../../rate-limit/index.ts'
import { type OrganizationsDeps, parse } from '../organizations.access.ts'
import { REGISTRY_MESSAGES } from './company-registry.ts'

/** Lookups one person may make: a registration takes one or two, a probe of the register many. */
export const LOOKUP_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

const LookupInput = z.object({ inn: Inn })

/** Filling and checking an organization's details from the state register (company-registry.ts). */
export function createCompanyLookup(deps: Pick<OrganizationsDeps, 'registry' | 'limiter'>) {
  return {
    /** Whether the registration form can fill a company's details from its INN. */
    companyLookupEnabled(): boolean {
      return deps.registry !== null
    },

    /** The register's record for an INN: name, KPP, OGRN and address for the registration form. */
    async lookupCompany(ctx: Ctx, input: unknown): Promise<CompanyFacts> {
      const me = requireUser(ctx)
      // Not a failure to retry (503): this platform has no provider, so there is nothing here.
      if (!deps.registry) throw new AppError('not_found', REGISTRY_MESSAGES.off)
      const { inn } = parse(LookupInput, input)
      await deps.limiter.hit(`organizations:lookup:${me.id}`, LOOKUP_RATE_LIMIT)
      const facts = await deps.registry.findByInn(inn)
      if (!facts) {
        const message = REGISTRY_MESSAGES.notFound(inn)
        throw new AppError('not_found', message, { inn: message })
      }
      return facts
    },

    /** What the register says beside what the organization typed; never fails the staff page. */
    async checkAgainstRegister(typed: { inn: string } & Record<RegisterField, string | null>): Promise<RegisterCheck> {
      if (!deps.registry) return { state: 'off' }
      try {
        const facts = await deps.registry.findByInn(typed.inn)
        if (!facts) return { state: 'notFound' }
        return { state: 'found', facts, differences: registerDifferences(typed, facts) }
      } catch (error) {
        if (isAppError(error)) return { state: 'unavailable', message: error.message }
        throw error
      }
    },
  }
}
