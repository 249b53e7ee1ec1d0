/** Up to two capital letters for the avatar: «Иван Петров» → «ИП», «Мария» → «М». */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
  return letters.join('').toLocaleUpperCase('ru-RU') || '?'
}
