/**
 * The product illustrations in content/assets/catalog/ (drawn by scripts/generate-catalog-art.ts)
 * and what each shows, for the alt text. A family is one kind of airframe in several scenes.
 */
export const ART_FAMILIES = {
  'quad-compact': ['quad-compact-sky', 'quad-compact-field', 'quad-compact-night'],
  'quad-enterprise': [
    'quad-enterprise-powerline',
    'quad-enterprise-sky',
    'quad-enterprise-construction',
    'quad-enterprise-top',
  ],
  hexa: ['hexa-sky', 'hexa-forest'],
  octo: ['octo-sky', 'octo-cargo'],
  agro: ['agro-field', 'agro-orchard', 'agro-top'],
  cage: ['cage-tunnel', 'cage-tank'],
  edu: ['edu-classroom', 'edu-sky'],
  'fixed-wing': ['fixed-wing-sky', 'fixed-wing-forest', 'fixed-wing-launch'],
  'flying-wing': ['flying-wing-sky', 'flying-wing-map'],
  'vtol-quadplane': ['vtol-quadplane-sky', 'vtol-quadplane-takeoff'],
  'vtol-tailsitter': ['vtol-tailsitter-sky', 'vtol-tailsitter-field'],
  'vtol-tiltrotor': ['vtol-tiltrotor-sky'],
  'vtol-delivery': ['vtol-delivery'],
  heli: ['heli-sky', 'heli-field', 'heli-coast'],
} as const

/** Pictures of what comes with a kit rather than of the airframe. */
export const EXTRA_ART = ['kit-case', 'payload-gimbal', 'payload-lidar', 'battery-kit', 'dock'] as const

export type ArtFamily = keyof typeof ART_FAMILIES
export type ArtName = (typeof ART_FAMILIES)[ArtFamily][number] | (typeof EXTRA_ART)[number]

/** Completes «{brand} {model} …» in the alt text (after a dash for EXTRA_ART). */
export const ART_CAPTIONS: Record<ArtName, string> = {
  'quad-compact-sky': 'в полёте',
  'quad-compact-field': 'над сельскохозяйственным полем',
  'quad-compact-night': 'на ночной съёмке с тепловизором',
  'quad-enterprise-powerline': 'у опоры линии электропередачи',
  'quad-enterprise-sky': 'в полёте',
  'quad-enterprise-construction': 'над строительной площадкой',
  'quad-enterprise-top': 'вид сверху',
  'hexa-sky': 'в полёте',
  'hexa-forest': 'над лесным массивом',
  'octo-sky': 'в полёте',
  'octo-cargo': 'с подвешенным грузом',
  'agro-field': 'на опрыскивании поля',
  'agro-orchard': 'на обработке сада',
  'agro-top': 'вид сверху, баки и форсунки',
  'cage-tunnel': 'в защитной клетке внутри тоннеля',
  'cage-tank': 'на инспекции резервуара изнутри',
  'edu-classroom': 'на занятии в учебном классе',
  'edu-sky': 'в полёте',
  'fixed-wing-sky': 'в полёте',
  'fixed-wing-forest': 'над лесом',
  'fixed-wing-launch': 'на старте с катапульты',
  'flying-wing-sky': 'в полёте',
  'flying-wing-map': 'на аэрофотосъёмке полей',
  'vtol-quadplane-sky': 'в крейсерском полёте',
  'vtol-quadplane-takeoff': 'на вертикальном взлёте',
  'vtol-tailsitter-sky': 'в полёте',
  'vtol-tailsitter-field': 'на площадке перед взлётом',
  'vtol-tiltrotor-sky': 'в полёте с поворотными винтами',
  'vtol-delivery': 'на доставке груза',
  'heli-sky': 'в полёте',
  'heli-field': 'над полем',
  'heli-coast': 'над побережьем',
  'kit-case': 'транспортный кейс и комплект поставки',
  'payload-gimbal': 'подвес с камерой',
  'payload-lidar': 'лидарный модуль',
  'battery-kit': 'аккумуляторы и зарядная станция',
  dock: 'автоматическая док-станция',
}

export function artSrc(name: ArtName): string {
  return `catalog/${name}.svg`
}

export const ALL_ART: readonly ArtName[] = [...Object.values(ART_FAMILIES).flat(), ...EXTRA_ART]
