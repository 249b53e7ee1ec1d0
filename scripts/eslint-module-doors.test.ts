import { join } from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, it } from 'vitest'
import { moduleDoorsPlugin } from './eslint-module-doors.ts'

// RuleTester reports through the test runner's own functions.
Object.assign(RuleTester, { afterAll, describe, it })

const root = join(import.meta.dirname, '..')
const at = (path: string) => join(root, path)
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

tester.run('module-doors', moduleDoorsPlugin.rules['module-doors']!, {
  valid: [
    // Another module through its door, and the module's own files however deep.
    {
      filename: at('server/modules/orders/orders.service.ts'),
      code: "import { vendorDirectory } from '../organizations/index.ts'",
    },
    {
      filename: at('server/modules/products/import/imports.write.ts'),
      code: "import { productDrafts } from '../products.table.ts'",
    },
    {
      filename: at('server/flows/place-orders.ts'),
      code: "import type { OrdersService } from '../modules/orders/index.ts'",
    },
    // Outside modules and flows, and in tests, the rule does not apply.
    { filename: at('server/seed/orders.ts'), code: "import { orders } from '../modules/orders/orders.table.ts'" },
    {
      filename: at('server/modules/orders/orders.test.ts'),
      code: "import { products } from '../products/products.table.ts'",
    },
    {
      filename: at('server/modules/catalog/catalog.testing.ts'),
      code: "import { createTestVendor } from '../organizations/vendors.testing.ts'",
    },
    {
      filename: at('server/modules/orders/orders.testing.ts'),
      code: "import { productDrafts } from '../products/products.table.ts'",
    },
  ],
  invalid: [
    {
      filename: at('server/modules/sellers/sellers.service.ts'),
      code: "import { organizations } from '../organizations/organizations.table.ts'",
      errors: [{ messageId: 'door' }],
    },
    {
      filename: at('server/modules/exchange/offers.service.ts'),
      code: "import type { CabinetProducts } from '../products/products.service.ts'",
      errors: [{ messageId: 'door' }],
    },
    {
      filename: at('server/modules/chat/chat.service.ts'),
      code: "export { recordAudit } from '../audit/audit.service.ts'",
      errors: [{ messageId: 'door' }],
    },
    {
      filename: at('server/flows/place-orders.ts'),
      code: "import { checkout } from '../modules/orders/checkout.ts'",
      errors: [{ messageId: 'door' }],
    },
  ],
})
