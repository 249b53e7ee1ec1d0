import { startRegistryStandIn } from '../../server/modules/organizations/company-registry/registry-stand-in.testing.ts'

/** The port of the company-data stand-in the app under test asks (playwright.config.ts). */
export const REGISTRY_STAND_IN_PORT = Number(process.env.E2E_REGISTRY_PORT ?? 3297)

/**
 * Before the browser tests: a local stand-in for DaData, so the registration form's «Заполнить
 * по ИНН» works in them without reaching beyond this machine. Stopped after the run.
 */
export default async function startStandIn(): Promise<() => Promise<void>> {
  const standIn = await startRegistryStandIn(REGISTRY_STAND_IN_PORT)
  return () => standIn.close()
}
