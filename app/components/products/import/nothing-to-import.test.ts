import { describe, expect, it } from 'vitest'
import type { ImportView } from '#common/product-import.ts'
import { nothingToImport } from './ImportPreview.tsx'

const view = (overrides: {
  counts?: Partial<ImportView['counts']>
  categories?: ImportView['categories']
  mapping?: Partial<ImportView['mapping']>
  errors?: number
}): ImportView =>
  ({
    counts: { offers: 2, new: 0, updates: 0, onModeration: 0, withErrors: 2, withoutVat: 0, ...overrides.counts },
    categories: overrides.categories ?? [{ id: '1', name: 'Квадрокоптеры', offers: 2 }],
    mapping: { categories: { '1': 'multirotornye' }, params: {}, defaultVatRate: null, ...overrides.mapping },
    errors: { items: [], total: overrides.errors ?? 2, page: 1, pageSize: 20 },
  }) as unknown as ImportView

describe('why there is nothing to import', () => {
  it('names the missing VAT rate when that is all, not the categories', () => {
    expect(nothingToImport(view({ counts: { withoutVat: 2 } }))).toBe(
      'Нечего импортировать: у 2 товаров не указана ставка НДС — выберите её для всех выше.',
    )
  })

  it('counts the categories still to map and the products with staff', () => {
    const text = nothingToImport(
      view({
        categories: [
          { id: '1', name: 'Квадрокоптеры', offers: 1 },
          { id: '2', name: 'Самолёты', offers: 1 },
        ],
        mapping: { categories: { '1': null } },
        counts: { onModeration: 1 },
      }),
    )
    expect(text).toBe(
      'Нечего импортировать: 2 категории файла не сопоставлены с каталогом; 1 товар на модерации и не изменится.',
    )
  })

  it('points at the rows with errors when nothing else stops the import', () => {
    expect(nothingToImport(view({}))).toBe('Нечего импортировать: в каждой строке есть ошибка — они перечислены выше.')
  })
})
