import { describe, expect, it } from 'vitest'
import {
  fieldErrors,
  InvitationInput,
  legalFormIssues,
  OrganizationInput,
  OrganizationUpdateInput,
  StaffDecisionInput,
} from './organizations.schemas.ts'

const legalEntity = {
  legalForm: 'pao',
  fullName: 'Публичное акционерное общество «Сбербанк России»',
  shortName: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
  contactEmail: 'Info@Sber.Example',
  contactPhone: '8 (495) 500-55-50',
  website: 'sberbank.ru',
}
const soleTrader = {
  ...legalEntity,
  legalForm: 'ip',
  shortName: 'ИП Иванов И. И.',
  inn: '500100732259',
  kpp: '',
  ogrn: '304500116000157',
  website: '',
}

const errorsOf = (input: unknown) => {
  const parsed = OrganizationInput.safeParse(input)
  return parsed.success ? {} : fieldErrors(parsed.error)
}

describe('OrganizationInput', () => {
  it('normalizes a valid legal entity and a valid sole trader', () => {
    expect(OrganizationInput.parse(legalEntity)).toMatchObject({
      contactEmail: 'info@sber.example',
      contactPhone: '+74955005550',
      website: 'https://sberbank.ru',
      kpp: '773601001',
    })
    expect(OrganizationInput.parse(soleTrader)).toMatchObject({ kpp: null, website: null })
  })

  it('ties INN, KPP and OGRN to the legal form, even when other fields are wrong too', () => {
    expect(errorsOf({ ...soleTrader, legalForm: 'ooo', fullName: '' })).toEqual({
      fullName: 'Укажите полное наименование',
      inn: 'ИНН организации — 10 цифр',
      kpp: 'Укажите КПП',
      ogrn: 'ОГРН организации — 13 цифр',
    })
    expect(errorsOf({ ...legalEntity, legalForm: 'ip', ogrn: '' })).toEqual({
      inn: 'ИНН индивидуального предпринимателя — 12 цифр',
      kpp: 'У индивидуального предпринимателя нет КПП — оставьте поле пустым',
      ogrn: 'Укажите ОГРН или ОГРНИП',
    })
  })

  it('explains each kind of wrong number', () => {
    expect(errorsOf({ ...legalEntity, inn: '77070838' }).inn).toBe('ИНН — 10 цифр у организации, 12 цифр у ИП')
    expect(errorsOf({ ...legalEntity, inn: '7707083894' }).inn).toBe(
      'ИНН указан с ошибкой: не сходится контрольная цифра',
    )
    expect(errorsOf({ ...legalEntity, kpp: '7736010' }).kpp).toContain('КПП — 9 символов')
    expect(errorsOf({ ...legalEntity, kpp: '7736ab001' })).toEqual({}) // letters are made capital
    expect(errorsOf({ ...legalEntity, ogrn: '1027700132196' }).ogrn).toBe('Номер указан с ошибкой: проверьте цифры')
    expect(errorsOf({ ...legalEntity, legalForm: 'xyz' }).legalForm).toBe('Выберите организационно-правовую форму')
    expect(errorsOf({ ...legalEntity, contactPhone: '' }).contactPhone).toBe('Укажите контактный телефон')
  })
})

describe('the other forms', () => {
  it('updates only what is given; an empty KPP is a removal the legal form decides on', () => {
    expect(OrganizationUpdateInput.parse({ shortName: 'Сбер' })).toEqual({ shortName: 'Сбер' })
    const { kpp } = OrganizationUpdateInput.parse({ kpp: '' })
    expect(legalFormIssues({ legalForm: 'ooo', kpp })).toEqual({ kpp: 'Укажите КПП' })
    expect(legalFormIssues({ legalForm: 'ip', kpp })).toEqual({})
  })

  it('invites as a member unless told otherwise, never as an owner', () => {
    expect(InvitationInput.parse({ email: ' A@B.ru ' })).toEqual({ email: 'a@b.ru', role: 'member' })
    expect(InvitationInput.safeParse({ email: 'a@b.ru', role: 'owner' }).success).toBe(false)
  })

  it('needs a comment to send a role back for fixes, not to approve it', () => {
    expect(StaffDecisionInput.parse({ decision: 'approve' })).toEqual({ decision: 'approve', comment: null })
    const fixes = StaffDecisionInput.safeParse({ decision: 'needFixes', comment: '   ' })
    expect(fixes.success).toBe(false)
    const long = StaffDecisionInput.safeParse({ decision: 'needFixes', comment: 'а'.repeat(2001) })
    expect(long.success ? {} : fieldErrors(long.error)).toEqual({ comment: 'Не больше 2\u00a0000 символов' })
  })
})
