/** How many products of one category can be compared at once: more do not fit side by side. */
export const COMPARE_LIMIT_PER_CATEGORY = 6

export function compareLimitMessage(categoryTitle: string): string {
  return `В сравнении уже ${COMPARE_LIMIT_PER_CATEGORY} товаров из категории «${categoryTitle}». Удалите один из них, чтобы добавить новый.`
}
