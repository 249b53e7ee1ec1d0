import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { theme } from '#app/theme.ts'
import type { RegisterCheck as RegisterCheckView } from '#common/company-facts.ts'
import { RegisterCheck } from './RegisterCheck.tsx'

const typed = {
  fullName: 'Общество с ограниченной ответственностью «Яндекс»',
  kpp: '770401001',
  ogrn: '1027700132195',
  legalAddress: '119021, г. Москва, ул. Льва Толстого, д. 16',
}

const render = (check: RegisterCheckView) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <RegisterCheck check={check} typed={typed} />
    </MantineProvider>,
  )

describe('the register beside what an organization typed', () => {
  it('puts both side by side and marks the field that differs', () => {
    const html = render({
      state: 'found',
      facts: {
        inn: '7736207543',
        kpp: '770401001',
        ogrn: '1027700229193',
        legalForm: 'ooo',
        shortName: 'ООО «ЯНДЕКС»',
        fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЯНДЕКС»',
        legalAddress: '119021, г Москва, ул Льва Толстого, д 16',
        active: true,
      },
      differences: ['ogrn'],
    })
    expect(html).toContain('Расхождений: 1')
    expect(html.match(/data-differs="true"/g)).toHaveLength(1)
    expect(html).toMatch(/data-differs="true"[^]*?ОГРН[^]*?1027700132195[^]*?1027700229193/)
    expect(html).not.toContain('Организация не действует')
  })

  it('says when the register knows no such INN, does not answer, or is not connected', () => {
    expect(render({ state: 'notFound' })).toContain('ИНН не найден в ЕГРЮЛ и ЕГРИП')
    expect(render({ state: 'unavailable', message: 'Сервис не отвечает' })).toContain('Сервис не отвечает')
    expect(render({ state: 'off' })).toContain('Сверка с ЕГРЮЛ и ЕГРИП не подключена')
  })
})
