import { formatNumber } from './format.ts'

const HECTARES = [
  { below: 10, decimals: 2 },
  { below: 100, decimals: 1 },
  { below: Infinity, decimals: 0 },
]

/** «12,5 га»: two decimals under 10 ha, one under 100, whole hectares above. */
export function formatHectares(hectares: number): string {
  if (hectares > 0 && hectares < 0.01) return 'менее 0,01 га'
  const { decimals } = HECTARES.find((h) => hectares < h.below)!
  return `${formatNumber(hectares, decimals)} га`
}
