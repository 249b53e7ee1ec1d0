import type { DroneModel } from '../types.ts'
import { AUTEL_XAG } from './autel-xag.ts'
import { DJI_MATRICE } from './dji-matrice.ts'
import { DJI_MAVIC_AGRAS } from './dji-mavic-agras.ts'
import { FIXED_WING } from './fixed-wing.ts'
import { FIXED_WING_WORLD } from './fixed-wing-world.ts'
import { HELICOPTERS } from './helicopters.ts'
import { HELICOPTERS_RUSSIA } from './helicopters-russia.ts'
import { MULTIROTOR_RUSSIA } from './multirotor-russia.ts'
import { MULTIROTOR_SPECIAL } from './multirotor-special.ts'
import { MULTIROTOR_WORLD } from './multirotor-world.ts'
import { VTOL } from './vtol.ts'
import { VTOL_RUSSIA } from './vtol-russia.ts'

/** Every model of the demo catalogue; build.ts expands them into offers. */
export const CATALOG_MODELS: readonly DroneModel[] = [
  ...DJI_MATRICE,
  ...DJI_MAVIC_AGRAS,
  ...AUTEL_XAG,
  ...MULTIROTOR_WORLD,
  ...MULTIROTOR_RUSSIA,
  ...MULTIROTOR_SPECIAL,
  ...FIXED_WING,
  ...FIXED_WING_WORLD,
  ...VTOL,
  ...VTOL_RUSSIA,
  ...HELICOPTERS,
  ...HELICOPTERS_RUSSIA,
]
