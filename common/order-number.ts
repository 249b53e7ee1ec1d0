// Apart from orders.ts, whose schemas bring zod: the exchange's public pages show numbers too.

/** «2611-»: the year and month part of an order's number. */
export function orderNumberPrefix(createdAt: Date): string {
  const yy = String(createdAt.getUTCFullYear() % 100).padStart(2, '0')
  const mm = String(createdAt.getUTCMonth() + 1).padStart(2, '0')
  return `${yy}${mm}-`
}

/** «2611-00042»: year and month of the order, then its running number, five digits at least. */
export function formatOrderNumber(createdAt: Date, sequence: number): string {
  return `${orderNumberPrefix(createdAt)}${String(sequence).padStart(5, '0')}`
}
