/**
 * Which products are offers of one model when nobody chose their model (decision 059): products
 * from before models were records, the seed, a vendor's product of a model not yet in the
 * catalogue. The brand and the model name as vendors write them, told apart by letters and
 * digits only («Agras T50», «AGRAS T-50» and «agras t50» are one model; «Agras T40» is another).
 * A product without a model name is a model of its own.
 */
export function modelKeyOf(id: string, brand: string, model: string): string {
  const name = normalized(model)
  return name ? `${normalized(brand)}|${name}` : `listing|${id}`
}

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '')
