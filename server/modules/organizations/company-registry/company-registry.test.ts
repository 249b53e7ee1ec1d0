import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRY_MESSAGES, createDadataRegistry } from './company-registry.ts'
import { STAND_IN_INN, STAND_IN_KEY, startRegistryStandIn } from './registry-stand-in.testing.ts'

describe('the DaData adapter, against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startRegistryStandIn>>
  beforeAll(async () => {
    standIn = await startRegistryStandIn()
  })
  afterAll(() => standIn.close())
  const registry = (apiKey = STAND_IN_KEY) => createDadataRegistry({ url: standIn.url, apiKey, timeoutMs: 500 })

  it('reads a company: Russian quotes, its legal form, KPP, OGRN and full address', async () => {
    expect(await registry().findByInn(STAND_IN_INN.company)).toEqual({
      inn: STAND_IN_INN.company,
      kpp: '770401001',
      ogrn: '1027700229193',
      legalForm: 'ooo',
      shortName: 'ООО «ЯНДЕКС»',
      fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЯНДЕКС»',
      legalAddress: '119021, г Москва, ул Льва Толстого, д 16',
      active: true,
    })
  })

  it('reads a sole trader without KPP, and a company being liquidated as not active', async () => {
    expect(await registry().findByInn(STAND_IN_INN.soleTrader)).toMatchObject({
      kpp: null,
      ogrn: '304500116000157',
      legalForm: 'ip',
      shortName: 'ИП Иванов Иван Иванович',
    })
    expect(await registry().findByInn(STAND_IN_INN.liquidating)).toMatchObject({ legalForm: 'pao', active: false })
  })

  it('finds nothing for an INN the register does not know', async () => {
    expect(await registry().findByInn('7704000008')).toBeNull()
  })

  it('calls a refusal, a server error and a timeout «unavailable», so the form asks by hand', async () => {
    for (const attempt of [
      () => registry('wrong-key').findByInn(STAND_IN_INN.company),
      () => registry().findByInn(STAND_IN_INN.failing),
      () => registry().findByInn(STAND_IN_INN.slow),
      () => createDadataRegistry({ url: 'http://127.0.0.1:9', apiKey: STAND_IN_KEY }).findByInn(STAND_IN_INN.company),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ kind: 'unavailable', message: REGISTRY_MESSAGES.unavailable })
    }
  })
})
