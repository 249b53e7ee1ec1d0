/**
 * `npm run exchange:1c -- --login aerotekh-1c --password demo-exchange`: plays 1С's side of
 * «Обмен с сайтом» against a running marketplace, request for request, so a vendor's developer
 * can try the exchange without 1С. By default a full catalogue of 20 goods in CommerceML 2.08,
 * zipped with a picture per good, then the orders exchange.
 *
 *   --url http://127.0.0.1:3000   the marketplace (PORT, or 3000)
 *   --goods 20                    how many goods; --from 1 the first good's number
 *   --version 2.08|2.10           2.10 sends prices.xml and rests.xml apart
 *   --prices-up 5                 prices up by this many per cent (an incremental exchange)
 *   --changes-only                the catalogue lists changes only
 *   --no-zip                      files one by one, as 1С does when the site declines archives
 *   --no-pictures                 the archive without pictures
 *   --catalog-only | --sale-only  one side of the exchange
 */
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { createStandIn, ExchangeError } from '../server/modules/exchange-1c/stand-in/client.ts'
import { demoCatalog, demoGood } from '../server/modules/exchange-1c/stand-in/demo-catalog.ts'
import { catalogFiles } from '../server/modules/exchange-1c/stand-in/files.ts'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    login: { type: 'string' },
    password: { type: 'string' },
    goods: { type: 'string', default: '20' },
    from: { type: 'string', default: '1' },
    version: { type: 'string', default: '2.08' },
    'prices-up': { type: 'string', default: '0' },
    'changes-only': { type: 'boolean', default: false },
    'no-zip': { type: 'boolean', default: false },
    'no-pictures': { type: 'boolean', default: false },
    'catalog-only': { type: 'boolean', default: false },
    'sale-only': { type: 'boolean', default: false },
  },
})

if (!values.login || !values.password || !['2.08', '2.10'].includes(values.version)) {
  console.error(
    'Usage: npm run exchange:1c -- --login <логин> --password <пароль> [--url …] [--goods N] [--version 2.08|2.10]',
  )
  process.exit(2)
}

const count = Number(values.goods)
const from = Number(values.from)
const options = {
  count,
  from,
  pictures: !values['no-zip'] && !values['no-pictures'],
  priceShift: Number(values['prices-up']) / 100,
}
const client = createStandIn({
  baseUrl: values.url,
  login: values.login,
  password: values.password,
  pollMs: 500,
  log: (line) => console.log(line),
})

try {
  if (!values['sale-only']) {
    const catalog = demoCatalog({
      ...options,
      version: values.version as '2.08' | '2.10',
      changesOnly: values['changes-only'],
    })
    // One picture per good: a plain coloured frame of the size the catalogue asks for.
    const pictures = []
    if (options.pictures)
      for (let n = from; n < from + count; n++) {
        const good = demoGood(n, options)
        const hue = (n * 47) % 360
        pictures.push({
          name: good.pictures![0]!,
          bytes: new Uint8Array(
            await sharp({ create: { width: 1200, height: 900, channels: 3, background: `hsl(${hue}, 45%, 55%)` } })
              .jpeg({ quality: 70 })
              .toBuffer(),
          ),
        })
      }
    await client.catalog(catalogFiles(catalog), { pictures, zip: !values['no-zip'] })
    console.log(`Каталог передан: ${count} товаров (CommerceML ${values.version}).`)
  }
  if (!values['catalog-only']) {
    const orders = await client.sale()
    const documents = orders.match(/<Документ>/g)?.length ?? 0
    console.log(`Получено заказов из площадки: ${documents}.`)
  }
} catch (error) {
  if (error instanceof ExchangeError) {
    console.error(`Обмен прерван: ${error.message}`)
    process.exit(1)
  }
  throw error
}
