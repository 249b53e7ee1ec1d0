import { describe, expect, it } from 'vitest'
import { DraftInput } from '#common/products.schemas.ts'
import { draftInputFromForm } from './draft-form.ts'

function form(entries: [string, string][]): FormData {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

describe('the product form', () => {
  it('turns the posted fields into the service input the shared schema accepts', () => {
    const input = draftInputFromForm(
      form([
        ['title', 'Сокол'],
        ['categorySlug', 'multirotornye'],
        ['price', '1 250,00'],
        ['vatRate', '5'],
        ['availability', 'to_order'],
        ['leadTimeDays', '14'],
        ['stockQuantity', ''],
        ['areas', 'stroitelstvo'],
        ['areas', 'ekologiya'],
        ['spec.flight_time', '42,5'],
        ['spec.rtk', 'yes'],
        ['spec.navigation', 'gps'],
        ['spec.navigation', 'glonass'],
        ['spec.country', ''],
      ]),
    )
    expect(input).toMatchObject({
      title: 'Сокол',
      priceKopecks: 125_000,
      priceOnRequest: false,
      leadTimeDays: 14,
      stockQuantity: null,
      areas: ['stroitelstvo', 'ekologiya'],
      specs: { flight_time: 42.5, rtk: true, navigation: ['gps', 'glonass'], country: null },
    })
    expect(DraftInput.safeParse(input).success).toBe(true)
  })

  it('leaves a price on request empty and lets the schema refuse what cannot be read', () => {
    expect(
      draftInputFromForm(
        form([
          ['priceOnRequest', 'on'],
          ['price', '100'],
        ]),
      ).priceKopecks,
    ).toBeNull()
    const bad = DraftInput.safeParse(
      draftInputFromForm(
        form([
          ['price', 'сто'],
          ['leadTimeDays', '2.5'],
        ]),
      ),
    )
    expect(bad.success).toBe(false)
    const fields = bad.error!.issues.map((i) => i.path[0])
    expect(fields).toEqual(expect.arrayContaining(['priceKopecks', 'leadTimeDays']))
  })

  it('sends only the offer’s own fields for a product attached to a catalogue model', () => {
    const input = draftInputFromForm(
      form([
        ['modelAttached', '1'],
        ['sku', 'AT-1'],
        ['title', 'Чужое название'],
        ['price', '100'],
        ['warrantyMonths', '12'],
        ['deliveryRegions', '66,74'],
      ]),
    )
    expect(input).toMatchObject({
      sku: 'AT-1',
      priceKopecks: 100_00,
      warrantyMonths: 12,
      deliveryRegions: ['66', '74'],
    })
    for (const field of ['title', 'brand', 'model', 'categorySlug', 'description', 'areas', 'specs', 'gtin'])
      expect(input, field).not.toHaveProperty(field)
  })
})
