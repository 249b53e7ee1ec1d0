import { describe, expect, it } from 'vitest'
import { maskSecrets } from './mask-secrets.ts'

const TOKEN = 'Qm9vbGVhbi1yYW5kb20tdG9rZW4tZm9yLXRlc3RzMTIzNDU'

describe('maskSecrets', () => {
  it('masks every query value of a link, whatever the parameter is called', () => {
    for (const name of ['invitation', 'resetToken', 'confirmEmail', 'cancelEmailChange', 'x', 'token', 'code']) {
      const masked = maskSecrets(`Откройте ссылку: http://localhost:3000/personal-account/company?${name}=${TOKEN}`)
      expect(masked).toBe(`Откройте ссылку: http://localhost:3000/personal-account/company?${name}=••••••`)
    }
  })

  it('masks several parameters, fragments and bare values', () => {
    expect(maskSecrets(`https://bas.example/a?b=1&c=${TOKEN}#frag`)).toBe(
      'https://bas.example/a?b=••••••&c=••••••#••••••',
    )
    expect(maskSecrets(`https://bas.example/?${TOKEN}`)).toBe('https://bas.example/?••••••')
  })

  it('masks secrets carried in the path and tokens outside links', () => {
    expect(maskSecrets(`https://bas.example/invite/${TOKEN}/accept`)).toBe('https://bas.example/invite/••••••/accept')
    expect(maskSecrets(`Ваш код: ${TOKEN}.`)).toBe('Ваш код: ••••••.')
    expect(maskSecrets(`ссылка /?invitation=${TOKEN} в тексте`)).toBe('ссылка /?invitation=•••••• в тексте')
  })

  it('leaves ordinary text, addresses, INNs and plain links alone', () => {
    const text = [
      'Здравствуйте, Иван Петров!',
      'Организация «ООО «АэроТех Системы»» (ИНН 7701234567) подтверждена.',
      'Адрес входа: buyer@example.com. Откройте http://localhost:3000/personal-account/company',
      'Заказ № 2026-000123 от 25.11.2026',
    ].join('\n')
    expect(maskSecrets(text)).toBe(text)
  })

  it('leaves no 43-character token of the kind the platform sends in any link it masks', () => {
    const text = `a http://x.ru/p?invitation=${TOKEN}&y=2 b https://x.ru/${TOKEN} c ${TOKEN}`
    expect(maskSecrets(text)).not.toContain(TOKEN)
  })
})
