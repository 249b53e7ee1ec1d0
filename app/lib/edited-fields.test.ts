import { describe, expect, it } from 'vitest'
import { withoutEdited } from './edited-fields.ts'

describe('field errors after an edit', () => {
  it('drop the errors of the fields changed and keep the others', () => {
    const errors = { name: 'Укажите имя', phone: 'Телефон в формате +7…' }
    expect(withoutEdited(errors, new Set(['name']))).toEqual({ phone: 'Телефон в формате +7…' })
    expect(withoutEdited(errors, new Set(['name', 'phone', 'other']))).toEqual({})
  })

  it('leave the errors as they are while nothing was edited', () => {
    const errors = { a: '1' }
    expect(withoutEdited(errors, new Set())).toBe(errors)
  })
})
