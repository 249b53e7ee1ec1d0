/** The aircraft of our illustrations, drawn around (0, 0) and put in a scene with `place`. */
import { ORANGE, r } from './svg.ts'

export interface Paint {
  body: string
  arm: string
  accent: string
}
export const GRAPHITE: Paint = { body: '#2B2D42', arm: '#1B1C2B', accent: ORANGE }
export const WHITE: Paint = { body: '#F1F3F5', arm: '#495057', accent: '#D1495B' }
export const SIGNAL: Paint = { body: '#E76F51', arm: '#264653', accent: '#F4F1DE' }
export const YELLOW: Paint = { body: '#F2C14E', arm: '#2B2D42', accent: '#2B2D42' }
export const BLUE: Paint = { body: '#1D4E89', arm: '#0B2545', accent: '#7DCFB6' }
export const GREEN: Paint = { body: '#2A9D8F', arm: '#264653', accent: '#E9C46A' }

export interface MultirotorOptions {
  n: number
  rx: number
  ry: number
  phase?: number
  paint: Paint
  body?: 'compact' | 'large'
  payload?: 'camera' | 'thermal' | 'lidar' | 'none'
  gear?: boolean
  tank?: boolean
  spray?: boolean
  cargo?: boolean
  cage?: boolean
  coaxial?: boolean
  propR?: number
}

/** A multirotor seen from slightly above: rotors on an ellipse, back ones drawn first. */
export function multirotor(o: MultirotorOptions): string {
  const { paint } = o
  const propR = o.propR ?? o.rx * 0.42
  const rotors = Array.from({ length: o.n }, (_, i) => {
    const a = (o.phase ?? Math.PI / o.n) + (i * 2 * Math.PI) / o.n
    return { x: r(Math.cos(a) * o.rx), y: r(Math.sin(a) * o.ry) }
  }).sort((a, b) => a.y - b.y)
  const rotor = (p: { x: number; y: number }) =>
    `<path d="M0 0 L${p.x} ${p.y}" stroke="${paint.arm}" stroke-width="7" stroke-linecap="round"/><rect x="${r(p.x - 6)}" y="${r(p.y - 12)}" width="12" height="13" rx="3" fill="${paint.arm}"/>${o.coaxial ? `<rect x="${r(p.x - 5)}" y="${r(p.y + 1)}" width="10" height="8" rx="2" fill="${paint.arm}"/>` : ''}<ellipse cx="${p.x}" cy="${r(p.y - 14)}" rx="${r(propR)}" ry="${r(propR * 0.2)}" fill="${paint.arm}" opacity=".28"/><path d="M${r(p.x - propR * 0.9)} ${r(p.y - 14)} H${r(p.x + propR * 0.9)}" stroke="${paint.arm}" stroke-width="2"/>`
  const back = rotors
    .filter((p) => p.y < 0)
    .map(rotor)
    .join('')
  const front = rotors
    .filter((p) => p.y >= 0)
    .map(rotor)
    .join('')
  const large = o.body === 'large'
  const bw = large ? 70 : 50
  let under = ''
  if (o.gear)
    under += `<path d="M-22 10 L-34 52 M22 10 L34 52 M-50 52 H-18 M18 52 H50" stroke="${paint.arm}" stroke-width="5" stroke-linecap="round" fill="none"/>`
  if (o.tank)
    under += `<rect x="-30" y="4" width="60" height="42" rx="10" fill="#F8F9FA" stroke="${paint.arm}" stroke-width="3"/><rect x="-30" y="22" width="60" height="24" rx="8" fill="#8ECAE6" opacity=".8"/>`
  if (o.cargo)
    under += `<path d="M0 14 V80" stroke="${paint.arm}" stroke-width="2"/><rect x="-24" y="80" width="48" height="38" rx="3" fill="#C8A165" stroke="#7F5539" stroke-width="3"/><path d="M-24 99 H24" stroke="#7F5539" stroke-width="3"/>`
  const payload = o.payload ?? 'camera'
  if (payload !== 'none' && !o.tank)
    under += `<rect x="-4" y="10" width="8" height="8" fill="${paint.arm}"/><rect x="-17" y="16" width="34" height="24" rx="7" fill="${payload === 'lidar' ? '#ADB5BD' : paint.arm}"/>${
      payload === 'lidar'
        ? `<rect x="-11" y="21" width="22" height="14" rx="6" fill="#212529"/>`
        : `<circle cx="${payload === 'thermal' ? -6 : 0}" cy="28" r="6" fill="#8DA9C4" stroke="#fff" stroke-width="1.5"/>${payload === 'thermal' ? `<circle cx="8" cy="28" r="5" fill="${ORANGE}"/>` : ''}`
    }`
  const spray = o.spray
    ? rotors
        .filter((p) => p.y > 0)
        .map(
          (p) =>
            `<path d="M${p.x} ${r(p.y + 4)} L${r(p.x - 34)} ${r(p.y + 150)} H${r(p.x + 34)}z" fill="#8ECAE6" opacity=".35"/>`,
        )
        .join('')
    : ''
  const c = o.rx + 40
  const cage = (opacity: number) =>
    o.cage
      ? `<g fill="none" stroke="${paint.arm}" stroke-width="2.5" opacity="${opacity}"><circle r="${c}"/><ellipse rx="${c}" ry="${r(c * 0.35)}"/><ellipse rx="${r(c * 0.45)}" ry="${c}"/><ellipse rx="${r(c * 0.85)}" ry="${c}"/></g>`
      : ''
  return `${spray}${cage(0.4)}${back}${under}<rect x="${-bw / 2}" y="-14" width="${bw}" height="${large ? 30 : 24}" rx="11" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><rect x="${-bw / 2 + 10}" y="-9" width="${bw - 20}" height="5" rx="2.5" fill="${paint.accent}"/>${front}${cage(0.85)}`
}

export type PlaneKind = 'conventional' | 'wing' | 'quadplane' | 'tailsitter' | 'tiltrotor' | 'delivery'

/** An aircraft seen from below at an angle: nose to the right, wings along y. */
export function plane(kind: PlaneKind, paint: Paint): string {
  const disc = (x: number, y: number, rx: number, ry: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${paint.arm}" opacity=".25"/><path d="M${x - rx * 0.9} ${y} H${x + rx * 0.9}" stroke="${paint.arm}" stroke-width="2"/>`
  const pusher = `<ellipse cx="-68" cy="0" rx="3" ry="18" fill="${paint.arm}" opacity=".4"/><path d="M-68 -16 V16" stroke="${paint.arm}" stroke-width="2"/>`
  const fuselage = `<ellipse cx="0" cy="0" rx="62" ry="9" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><circle cx="32" cy="0" r="3.5" fill="#8DA9C4"/>`
  const straight = `<path d="M-8 -100 H10 L14 100 H-6z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><path d="M-6 -100 H10 V-86 H-6z M-4 86 H12 L14 100 H-6z" fill="${paint.accent}"/>`
  const tail = `<path d="M-60 -28 H-48 V28 H-60z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/>`
  switch (kind) {
    case 'conventional':
      return `${straight}${tail}${fuselage}${pusher}`
    case 'wing':
      return `<path d="M36 0 L-12 -92 L-30 -90 L-20 0 L-30 90 L-12 92z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><path d="M-12 -92 L-30 -90 L-27 -74 L-10 -76z M-12 92 L-30 90 L-27 74 L-10 76z" fill="${paint.accent}"/><ellipse cx="6" cy="0" rx="32" ry="11" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><circle cx="24" cy="0" r="4" fill="#8DA9C4"/>${pusher.replaceAll('-68', '-26')}`
    case 'quadplane':
    case 'delivery': {
      const big = kind === 'delivery' ? 1.15 : 1
      const booms = [-40, 40]
        .map(
          (y) =>
            `<path d="M-52 ${y} H52" stroke="${paint.arm}" stroke-width="6" stroke-linecap="round"/>${disc(-52, y, 26 * big, 10)}${disc(52, y, 26 * big, 10)}`,
        )
        .join('')
      const box =
        kind === 'delivery'
          ? `<rect x="-18" y="-11" width="36" height="22" rx="3" fill="#fff" stroke="${paint.arm}" stroke-width="2"/><path d="M0 -7 V7 M-7 0 H7" stroke="#2E86AB" stroke-width="4"/>`
          : ''
      return `<g transform="scale(${big})">${straight}${tail}${booms}${fuselage}${box}${pusher}</g>`
    }
    case 'tailsitter':
      return `<path d="M16 -96 H30 L34 96 H20z M20 -96 L-6 -90 L-2 -70 L20 -74z M20 96 L-6 90 L-2 70 L20 74z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><ellipse cx="24" cy="0" rx="22" ry="12" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><path d="M22 -96 H32 V-84 H22z M22 84 H34 L34 96 H22z" fill="${paint.accent}"/>${disc(48, -40, 4, 30)}${disc(48, 40, 4, 30)}<circle cx="38" cy="0" r="4" fill="#8DA9C4"/>`
    case 'tiltrotor':
      return `${straight}${tail}${fuselage}${disc(30, -62, 5, 34)}${disc(30, 62, 5, 34)}${disc(-66, 0, 5, 28)}<path d="M10 -62 H30 M10 62 H30" stroke="${paint.arm}" stroke-width="6"/>`
  }
}

/** A helicopter from the side, nose to the right. */
export function helicopter(paint: Paint, extra: 'spray' | 'camera' | 'none'): string {
  const spray =
    extra === 'spray'
      ? `<path d="M-60 62 H70" stroke="${paint.arm}" stroke-width="4"/><path d="M-55 64 L-80 190 H-30z M5 64 L-20 190 H30z M65 64 L40 190 H90z" fill="#8ECAE6" opacity=".35"/>`
      : ''
  const camera =
    extra === 'camera'
      ? `<circle cx="52" cy="42" r="13" fill="${paint.arm}"/><circle cx="57" cy="42" r="5" fill="#8DA9C4"/>`
      : ''
  return `${spray}<path d="M-40 -6 H-170 L-176 -30 H-166 L-150 -8 V4 H-40z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2"/><circle cx="-170" cy="-18" r="20" fill="${paint.arm}" opacity=".22"/><path d="M-80 -20 C-80 -50 60 -50 80 -8 C90 14 70 36 30 36 H-60 C-80 36 -86 10 -80 -20z" fill="${paint.body}" stroke="${paint.arm}" stroke-width="2.5"/><path d="M30 -30 C58 -26 76 -14 80 -4 H36z" fill="#8DA9C4" opacity=".8"/><path d="M-60 0 H20" stroke="${paint.accent}" stroke-width="6"/><path d="M0 -40 V-54" stroke="${paint.arm}" stroke-width="6"/><ellipse cx="0" cy="-56" rx="190" ry="9" fill="${paint.arm}" opacity=".22"/><path d="M-185 -56 H185" stroke="${paint.arm}" stroke-width="3"/><path d="M-40 36 L-50 58 M30 36 L40 58 M-80 58 H80" stroke="${paint.arm}" stroke-width="4" stroke-linecap="round" fill="none"/>${camera}`
}

export const place = (x: number, y: number, s: number, inner: string, rotate = 0) =>
  `<g transform="translate(${x} ${y})${rotate ? ` rotate(${rotate})` : ''} scale(${s})">${inner}</g>`

/** A plane seen from below: flatten y for the oblique view. */
export const placePlane = (x: number, y: number, s: number, inner: string, rotate: number) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s} ${r(s * 0.62)})">${inner}</g>`
