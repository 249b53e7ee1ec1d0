import { useEffect, useState } from 'react'

/** What was typed in each room's field and not sent, for the tab's lifetime. */
const drafts = new Map<string, string>()

/** A first message offered in a room's empty field (the question «Запросить цену» asks); what was typed stays. */
export function seedDraft(guid: string, text: string) {
  if (!drafts.get(guid)) drafts.set(guid, text)
}

/** The text of a room's field: kept when another room is opened, back on returning. */
export function useDraft(guid: string) {
  const [text, setText] = useState(() => drafts.get(guid) ?? '')
  useEffect(() => {
    if (text) drafts.set(guid, text)
    else drafts.delete(guid)
  }, [guid, text])
  return [text, setText] as const
}
