import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { seedDraft, useDraft } from './use-draft.ts'

function Field({ guid }: { guid: string }) {
  const [text] = useDraft(guid)
  return <textarea value={text} readOnly />
}

describe("a room's draft", () => {
  it('offers the starter «Запросить цену» asks in an empty field', () => {
    seedDraft('room-a', 'Здравствуйте! Подскажите, пожалуйста, цену и срок поставки: «Агродрон», 2 шт.')
    expect(renderToStaticMarkup(<Field guid="room-a" />)).toContain('цену и срок поставки: «Агродрон», 2 шт.')
  })

  it('never replaces what was typed and not sent', () => {
    seedDraft('room-b', 'Первый вопрос')
    seedDraft('room-b', 'Вопрос о цене')
    expect(renderToStaticMarkup(<Field guid="room-b" />)).toContain('Первый вопрос')
  })
})
