import { ABOUT_PAGE, FOR_CUSTOMERS_PAGE, FOR_SELLERS_PAGE, GOVERNMENT_PROGRAMS_PAGE } from './pages/index.ts'
import { COOPERATION_DIRECTIONS } from './platforms/cooperation-directions.ts'
import { page as cooperation } from './platforms/cooperation.ts'
import { page as droneRegistration } from './platforms/drone-registration.ts'
import { page as education } from './platforms/education.ts'
import { page as flightPermissions } from './platforms/flight-permissions.ts'
import { PLATFORMS_INDEX } from './platforms/index.ts'
import { page as insurance } from './platforms/insurance.ts'
import { page as repair } from './platforms/repair.ts'
import type { InfoPage } from './types.ts'

/** Every text page by its URL path: platform services, cooperation directions, info pages. */
export const INFO_PAGES: ReadonlyMap<string, InfoPage> = new Map(
  [
    PLATFORMS_INDEX,
    repair,
    education,
    insurance,
    cooperation,
    ...COOPERATION_DIRECTIONS,
    droneRegistration,
    flightPermissions,
    GOVERNMENT_PROGRAMS_PAGE,
    ABOUT_PAGE,
    FOR_SELLERS_PAGE,
    FOR_CUSTOMERS_PAGE,
  ].map((page) => [page.path, page]),
)

export function getInfoPage(path: string): InfoPage | undefined {
  return INFO_PAGES.get(path)
}
