// Apart from orders.ts, whose schemas bring zod: the exchange's public pages show numbers too.

/** «2611-00042»: year and month of the order, then its running number. */
export function formatOrderNumber(createdAt: Date, sequence: number): string {
  const yy = String(createdAt.getUTCFullYear() % 100).padStart(2, '0')
  const mm = String(createdAt.getUTCMonth() + 1).padStart(2, '0')
  return `${yy}${mm}-${String(sequence).padStart(5, '0')}`
}
