/**
 * Draws the demo catalogue's product illustrations (content/assets/catalog/*.svg, 800×600) and
 * the demo sellers' logos (content/assets/sellers/*.svg) from code: flat shapes, no fonts, no
 * downloads. Deterministic — run `node scripts/generate-catalog-art.ts` and commit the output.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { organizationBrandName } from '../common/slug.ts'
import { ALL_ART, type ArtName } from '../server/seed/catalog/art.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS } from '../server/seed/catalog/vendors/index.ts'
import {
  BLUE,
  GRAPHITE,
  GREEN,
  helicopter,
  multirotor,
  type MultirotorOptions,
  type Paint,
  place,
  placePlane,
  plane,
  SIGNAL,
  WHITE,
  YELLOW,
} from './art/airframes.ts'
import { FIR, forest, grad, HOT, INK, NAVY, ORANGE, PYLON, r, random, svgDocument } from './art/svg.ts'

const OUT = join(import.meta.dirname, '..', 'content', 'assets')
const W = 800
const H = 600

const svg = (body: string, defs = '') => svgDocument(W, H, body, defs)

// ── Backgrounds ────────────────────────────────────────────────────────────────────────────
const SKY = grad('sky', '#8FB3D9', '#EEF4ED')
const DUSK = grad('sky', '#F6C28B', '#FCEBD7')
const NIGHT = grad('sky', '#0B1A33', '#253E66')

function sky(sun = true, seed = 1): string {
  const rnd = random(seed)
  let clouds = ''
  for (let i = 0; i < 3; i++) {
    const x = r(80 + rnd() * 640)
    const y = r(60 + rnd() * 120)
    clouds += `<ellipse cx="${x}" cy="${y}" rx="${r(40 + rnd() * 30)}" ry="12"/><ellipse cx="${r(x + 26)}" cy="${r(y - 9)}" rx="26" ry="13"/>`
  }
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/>${sun ? `<circle cx="${r(120 + rnd() * 560)}" cy="90" r="34" fill="${ORANGE}" opacity=".8"/>` : ''}<g fill="#fff" opacity=".85">${clouds}</g>`
}

function hills(y: number, colour: string, amp = 20): string {
  return `<path d="M0 ${y} Q200 ${y - amp} 400 ${y} T800 ${y} V600 H0z" fill="${colour}"/>`
}

/** Crop rows running to the horizon. */
function field(horizon: number, colour: string, stripe: string): string {
  let rows = ''
  for (let i = -12; i <= 12; i++) rows += `M${400 + i * 14} ${horizon} L${400 + i * 90} 600 `
  return `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${colour}"/><path d="${rows}" stroke="${stripe}" stroke-width="3" opacity=".6"/>`
}

function powerline(): string {
  return `${hills(330, '#B5C99A', 24)}${hills(380, '#90A955', 18)}<use href="#pylon" transform="translate(130 560) scale(1.35)"/><use href="#pylon" transform="translate(560 400) scale(.8)"/><g fill="none" stroke="${NAVY}" stroke-width="1.8"><path d="M-20 330 Q80 370 52 358 M52 358 Q300 420 514 280 M208 358 Q380 400 606 280 M514 280 Q650 300 820 290 M606 280 Q720 296 820 300 M-20 285 Q120 320 73 310 M73 310 Q300 330 526 252 M187 310 Q400 330 594 252 M526 252 Q680 262 820 256"/></g>`
}

function construction(): string {
  return `${hills(420, '#C9B79C', 8)}<rect y="470" width="${W}" height="130" fill="#A68A64"/><g fill="none" stroke="${INK}" stroke-width="6"><path d="M460 470 V250 H640 V470 M460 330 H640 M460 400 H640 M520 250 V470 M580 250 V470"/></g><g stroke="${ORANGE}" stroke-width="7" fill="none"><path d="M700 470 V140 M640 150 H790 M700 160 L660 150 M700 200 L740 150"/><path d="M760 150 V230" stroke-width="2"/></g><rect x="745" y="230" width="30" height="22" fill="${INK}"/><path d="M60 520 l40 -40 h60 l30 40z" fill="#7F6A4F"/>`
}

function nightScene(seed: number): string {
  const rnd = random(seed)
  let stars = ''
  for (let i = 0; i < 40; i++) stars += `<circle cx="${r(rnd() * W)}" cy="${r(rnd() * 300)}" r="${r(0.8 + rnd())}"/>`
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/><g fill="#fff" opacity=".7">${stars}</g>${forest(470, 18, 1.6, '#0A1526', seed)}<rect y="490" width="${W}" height="110" fill="#0A1526"/><circle cx="250" cy="520" r="28" fill="url(#hot)"/><circle cx="610" cy="540" r="22" fill="url(#hot)"/>`
}

function orchard(seed: number): string {
  const rnd = random(seed)
  let trees = ''
  for (let row = 0; row < 4; row++) {
    const y = 360 + row * 60
    const size = 14 + row * 8
    for (let x = 20 + (row % 2) * 30; x < W; x += 40 + row * 22) {
      trees += `<rect x="${r(x - 3)}" y="${y}" width="6" height="${size}" fill="#6B4F3A"/><circle cx="${r(x)}" cy="${r(y - size * 0.3)}" r="${r(size * (0.9 + rnd() * 0.2))}"/>`
    }
  }
  return `${hills(330, '#B5C99A', 14)}<rect y="350" width="${W}" height="250" fill="#90A955"/><g fill="#31572C">${trees}</g>`
}

/** Fields seen from above: a patchwork of plots with roads. */
function patchwork(seed: number, tilt = false): string {
  const rnd = random(seed)
  const colours = ['#90A955', '#B5C99A', '#ECF39E', '#4F772D', '#C9B79C', '#A3B18A']
  let plots = ''
  for (let y = 0; y < H; y += 150)
    for (let x = 0; x < W; x += 200)
      plots += `<rect x="${x + 4}" y="${y + 4}" width="192" height="142" fill="${colours[Math.floor(rnd() * colours.length)]}"/>`
  const body = `<rect width="${W}" height="${H}" fill="#E9E4D4"/>${plots}<path d="M0 300 H800 M400 0 V600" stroke="#E9E4D4" stroke-width="10"/>`
  return tilt
    ? `<rect width="${W}" height="${H}" fill="url(#sky)"/><g transform="translate(0 250) scale(1 .58)">${body}</g>`
    : body
}

function tunnel(): string {
  let ribs = ''
  for (let i = 0; i < 5; i++) {
    const s = 1 - i * 0.17
    ribs += `<path d="M${r(400 - 380 * s)} ${r(300 + 300 * s)} V${r(300 - 60 * s)} Q400 ${r(300 - 420 * s)} ${r(400 + 380 * s)} ${r(300 - 60 * s)} V${r(300 + 300 * s)}" stroke="#4A4E57" stroke-width="${r(14 * s)}"/>`
  }
  return `<rect width="${W}" height="${H}" fill="#1B1E24"/><g fill="none">${ribs}</g><path d="M0 600 L340 360 H460 L800 600z" fill="#2C3038"/><path d="M360 362 H440" stroke="#6C717C" stroke-width="3"/>`
}

function tank(): string {
  let rivets = ''
  for (let y = 60; y < 560; y += 70)
    rivets += `<path d="M60 ${y} Q400 ${y + 40} 740 ${y}" stroke="#5C6370" stroke-width="3"/>`
  return `<rect width="${W}" height="${H}" fill="#2A2F37"/><ellipse cx="400" cy="300" rx="420" ry="330" fill="#3C434E"/><g fill="none">${rivets}</g><path d="M330 0 V600 M470 0 V600" stroke="#4B525E" stroke-width="4"/>`
}

function classroom(): string {
  let floor = ''
  for (let i = -8; i <= 8; i++) floor += `M${400 + i * 30} 420 L${400 + i * 120} 600 `
  return `<rect width="${W}" height="420" fill="#E8E3D3"/><rect x="120" y="70" width="560" height="220" rx="6" fill="#2F4F4F" stroke="#8B6B4A" stroke-width="10"/><path d="M170 130 h120 M170 170 h200 M450 120 l50 60 l60 -40 l40 70" stroke="#E8F1F2" stroke-width="4" fill="none" opacity=".7"/><rect y="420" width="${W}" height="180" fill="#C7B299"/><path d="${floor}" stroke="#A8917A" stroke-width="2"/><rect x="500" y="470" width="240" height="16" fill="#8B6B4A"/><rect x="520" y="486" width="10" height="80" fill="#6B4F3A"/><rect x="710" y="486" width="10" height="80" fill="#6B4F3A"/>`
}

function mountains(): string {
  return `<path d="M0 380 L140 220 L250 330 L380 180 L520 340 L640 240 L800 360 V600 H0z" fill="#8DA9C4"/><path d="M380 180 L420 225 L395 220 L370 240 L350 214z M140 220 L170 254 L140 248 L118 262z" fill="#fff"/>${hills(430, '#90A955', 26)}`
}

function coast(): string {
  return `<rect y="360" width="${W}" height="240" fill="#3E7CB1"/><path d="M0 360 H800" stroke="#D6E4F0" stroke-width="3"/><path d="M0 420 Q200 400 320 440 T560 600 H0z" fill="#D9C9A3"/><path d="M0 470 Q150 450 250 500 T380 600 H0z" fill="#90A955"/><rect x="120" y="330" width="22" height="110" fill="#fff"/><rect x="120" y="360" width="22" height="14" fill="#D1495B"/><rect x="116" y="318" width="30" height="14" fill="${NAVY}"/><path d="M560 420 q20 -6 40 0 M640 470 q20 -6 40 0 M480 520 q20 -6 40 0" stroke="#D6E4F0" stroke-width="3" fill="none"/>`
}

function village(): string {
  let houses = ''
  for (const [x, y, s] of [
    [120, 470, 1.2],
    [250, 450, 0.9],
    [600, 480, 1.3],
  ] as const)
    houses += `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-30" y="-30" width="60" height="40" fill="#EEE3CB"/><path d="M-38 -28 L0 -58 L38 -28z" fill="#A4443B"/><rect x="-8" y="-16" width="16" height="26" fill="${INK}"/></g>`
  return `${hills(400, '#B5C99A', 16)}${hills(450, '#90A955', 12)}${houses}<rect x="430" y="470" width="70" height="44" fill="#fff" stroke="${INK}" stroke-width="3"/><path d="M465 478 v28 M451 492 h28" stroke="#2E86AB" stroke-width="8"/>`
}

// ── Kit pictures ───────────────────────────────────────────────────────────────────────────
const STUDIO = grad('sky', '#E9EEF2', '#C9D3DC')
const backdrop = `<rect width="${W}" height="${H}" fill="url(#sky)"/><ellipse cx="400" cy="520" rx="330" ry="40" fill="#0B2545" opacity=".12"/>`

function battery(x: number, y: number, colour: string): string {
  return `<g transform="translate(${x} ${y})"><rect x="-34" y="-60" width="68" height="120" rx="10" fill="${colour}" stroke="${NAVY}" stroke-width="3"/><rect x="-20" y="-44" width="40" height="10" rx="3" fill="#fff" opacity=".6"/><g fill="#7DCFB6"><circle cx="-12" cy="40" r="4"/><circle cx="0" cy="40" r="4"/><circle cx="12" cy="40" r="4"/></g></g>`
}

const EXTRAS: Record<string, () => string> = {
  'kit-case': () =>
    svg(
      `${backdrop}<rect x="130" y="120" width="540" height="380" rx="26" fill="#2B2D42"/><rect x="150" y="140" width="500" height="340" rx="16" fill="#3D405B"/>${place(320, 300, 1.3, multirotor({ n: 4, rx: 70, ry: 42, paint: GRAPHITE, payload: 'camera' }))}<rect x="500" y="180" width="110" height="70" rx="10" fill="#1B1C2B"/><rect x="510" y="190" width="90" height="50" rx="4" fill="#8DA9C4"/>${battery(520, 380, '#495057')}${battery(600, 380, '#495057')}<path d="M120 300 h20 M660 300 h20" stroke="${ORANGE}" stroke-width="12"/>`,
      STUDIO,
    ),
  'payload-gimbal': () =>
    svg(
      `${backdrop}<rect x="300" y="90" width="200" height="30" rx="8" fill="#2B2D42"/><rect x="386" y="120" width="28" height="60" fill="#1B1C2B"/><path d="M300 180 H500 V260 H470 V210 H330 V260 H300z" fill="#2B2D42"/><rect x="318" y="220" width="164" height="170" rx="40" fill="#3D405B"/><circle cx="365" cy="290" r="30" fill="#0B2545"/><circle cx="365" cy="290" r="18" fill="#8DA9C4"/><circle cx="440" cy="270" r="20" fill="#0B2545"/><circle cx="440" cy="270" r="11" fill="${ORANGE}"/><rect x="420" y="320" width="44" height="26" rx="6" fill="#0B2545"/><circle cx="442" cy="333" r="7" fill="#D1495B"/>`,
      STUDIO,
    ),
  'payload-lidar': () =>
    svg(
      `${backdrop}<rect x="280" y="90" width="240" height="30" rx="8" fill="#2B2D42"/><rect x="300" y="120" width="200" height="80" rx="12" fill="#ADB5BD" stroke="#495057" stroke-width="3"/><rect x="320" y="200" width="160" height="150" rx="22" fill="#DEE2E6" stroke="#495057" stroke-width="3"/><rect x="340" y="230" width="120" height="70" rx="30" fill="#212529"/><path d="M352 265 H448" stroke="#7DCFB6" stroke-width="4"/><circle cx="400" cy="325" r="12" fill="#0B2545"/><path d="M400 350 L180 560 M400 350 L620 560 M400 350 L300 580 M400 350 L500 580" stroke="#D1495B" stroke-width="2" opacity=".6"/>`,
      STUDIO,
    ),
  'battery-kit': () =>
    svg(
      `${backdrop}<rect x="140" y="330" width="520" height="140" rx="18" fill="#2B2D42"/><g fill="#7DCFB6">${[0, 1, 2, 3].map((i) => `<rect x="${190 + i * 115}" y="430" width="60" height="10" rx="4"/>`).join('')}</g>${[0, 1, 2, 3].map((i) => battery(220 + i * 115, 300, i % 2 ? '#495057' : '#6C757D')).join('')}<path d="M660 400 C720 400 720 520 760 520" stroke="#1B1C2B" stroke-width="8" fill="none"/>`,
      STUDIO,
    ),
  dock: () =>
    svg(
      `${sky(true, 9)}${hills(420, '#B5C99A', 10)}<rect y="460" width="${W}" height="140" fill="#90A955"/><path d="M220 470 H580 V330 H220z" fill="#F1F3F5" stroke="${NAVY}" stroke-width="4"/><path d="M220 330 L170 260 H380 L400 330 M580 330 L630 260 H420 L400 330" fill="#DEE2E6" stroke="${NAVY}" stroke-width="4"/><rect x="260" y="350" width="280" height="30" fill="#0B2545"/><path d="M340 365 H460" stroke="#7DCFB6" stroke-width="6"/><path d="M560 300 V220 M545 220 H575" stroke="${NAVY}" stroke-width="4"/><circle cx="560" cy="210" r="6" fill="${ORANGE}"/>${place(400, 220, 1, multirotor({ n: 4, rx: 80, ry: 40, paint: WHITE, body: 'large', gear: true, payload: 'thermal' }))}`,
      SKY,
    ),
}

// ── Scenes ─────────────────────────────────────────────────────────────────────────────────
const quad = (paint: Paint, payload: MultirotorOptions['payload'] = 'camera') =>
  multirotor({ n: 4, rx: 86, ry: 40, paint, payload })
const enterprise = (paint: Paint, payload: MultirotorOptions['payload'] = 'thermal') =>
  multirotor({ n: 4, rx: 110, ry: 46, paint, body: 'large', gear: true, payload })

const SCENES: Record<string, () => string> = {
  'quad-compact-sky': () => svg(`${sky(true, 2)}${hills(470, '#B5C99A')}${place(410, 280, 2.1, quad(GRAPHITE))}`, SKY),
  'quad-compact-field': () =>
    svg(`${sky(true, 3)}${field(330, '#90A955', '#4F772D')}${place(400, 240, 1.9, quad(WHITE))}`, SKY),
  'quad-compact-night': () =>
    svg(
      `${nightScene(4)}${place(400, 230, 1.5, quad(GRAPHITE, 'thermal'))}<path d="M390 290 L250 500 M410 290 L610 520" stroke="${ORANGE}" stroke-width="2" stroke-dasharray="6 6"/>`,
      NIGHT + HOT + FIR,
    ),
  'quad-enterprise-powerline': () =>
    svg(`${sky(true, 5)}${powerline()}${place(540, 180, 1.4, enterprise(GRAPHITE))}`, SKY + PYLON),
  'quad-enterprise-sky': () =>
    svg(`${sky(false, 6)}${hills(500, '#B5C99A', 30)}${place(400, 270, 1.7, enterprise(WHITE, 'camera'))}`, SKY),
  'quad-enterprise-construction': () =>
    svg(`${sky(true, 7)}${construction()}${place(290, 210, 1.5, enterprise(GRAPHITE, 'lidar'))}`, SKY),
  'quad-enterprise-top': () =>
    svg(
      `${patchwork(8)}${place(400, 300, 2, multirotor({ n: 4, rx: 90, ry: 90, phase: Math.PI / 4, paint: GRAPHITE, body: 'large', payload: 'none', propR: 48 }))}`,
    ),
  'hexa-sky': () =>
    svg(
      `${sky(true, 10)}${hills(480, '#B5C99A')}${place(400, 260, 1.5, multirotor({ n: 6, rx: 120, ry: 50, paint: BLUE, body: 'large', gear: true, payload: 'lidar' }))}`,
      SKY,
    ),
  'hexa-forest': () =>
    svg(
      `${sky(false, 11)}${forest(360, 16, 1.3, '#4F772D', 11)}${forest(440, 14, 2, '#31572C', 12)}<rect y="460" width="${W}" height="140" fill="#31572C"/>${place(410, 220, 1.6, multirotor({ n: 6, rx: 120, ry: 50, paint: YELLOW, body: 'large', gear: true, payload: 'camera' }))}`,
      SKY + FIR,
    ),
  'octo-sky': () =>
    svg(
      `${sky(true, 13)}${hills(490, '#B5C99A')}${place(400, 260, 1.4, multirotor({ n: 8, rx: 140, ry: 56, paint: GRAPHITE, body: 'large', gear: true, coaxial: true, payload: 'none', propR: 44 }))}`,
      SKY,
    ),
  'octo-cargo': () =>
    svg(
      `${sky(true, 14)}${village()}${place(390, 170, 1.4, multirotor({ n: 8, rx: 140, ry: 56, paint: SIGNAL, body: 'large', coaxial: true, payload: 'none', cargo: true, propR: 44 }))}`,
      SKY,
    ),
  'agro-field': () =>
    svg(
      `${sky(true, 15)}${field(300, '#90A955', '#4F772D')}${place(400, 220, 1.7, multirotor({ n: 6, rx: 130, ry: 52, paint: GRAPHITE, body: 'large', tank: true, spray: true, gear: true }))}`,
      SKY,
    ),
  'agro-orchard': () =>
    svg(
      `${sky(true, 16)}${orchard(16)}${place(420, 210, 1.6, multirotor({ n: 4, rx: 120, ry: 48, paint: WHITE, body: 'large', tank: true, spray: true, gear: true }))}`,
      SKY,
    ),
  'agro-top': () =>
    svg(
      `${patchwork(17)}${place(400, 300, 1.9, multirotor({ n: 6, rx: 110, ry: 110, paint: GRAPHITE, body: 'large', payload: 'none', propR: 46 }))}<rect x="350" y="265" width="100" height="70" rx="18" fill="#F8F9FA" stroke="#1B1C2B" stroke-width="4"/>`,
    ),
  'cage-tunnel': () =>
    svg(
      `${tunnel()}<path d="M400 330 L200 600 H600z" fill="#FFE66D" opacity=".12"/>${place(400, 310, 2, multirotor({ n: 4, rx: 70, ry: 32, paint: WHITE, cage: true, payload: 'camera' }))}`,
    ),
  'cage-tank': () =>
    svg(
      `${tank()}<circle cx="400" cy="300" r="180" fill="#FFE66D" opacity=".08"/>${place(400, 300, 1.8, multirotor({ n: 4, rx: 70, ry: 32, paint: SIGNAL, cage: true, payload: 'thermal' }))}`,
    ),
  'edu-classroom': () =>
    svg(
      `${classroom()}${place(300, 340, 1.5, multirotor({ n: 4, rx: 70, ry: 32, paint: GREEN, payload: 'none' }))}${place(620, 440, 0.9, multirotor({ n: 4, rx: 70, ry: 32, paint: YELLOW, payload: 'none' }))}`,
    ),
  'edu-sky': () =>
    svg(
      `${sky(true, 18)}${hills(460, '#B5C99A')}${place(400, 260, 1.8, multirotor({ n: 4, rx: 70, ry: 32, paint: GREEN, payload: 'camera' }))}`,
      SKY,
    ),
  'fixed-wing-sky': () =>
    svg(
      `${sky(true, 19)}${hills(500, '#B5C99A', 20)}${placePlane(400, 250, 2.2, plane('conventional', WHITE), -12)}`,
      SKY,
    ),
  'fixed-wing-forest': () =>
    svg(
      `${sky(false, 20)}${forest(380, 16, 1.2, '#4F772D', 20)}${forest(470, 14, 2, '#31572C', 21)}<rect y="490" width="${W}" height="110" fill="#31572C"/>${placePlane(400, 220, 2, plane('conventional', YELLOW), 8)}`,
      SKY + FIR,
    ),
  'fixed-wing-launch': () =>
    svg(
      `${sky(true, 22)}${hills(420, '#B5C99A', 14)}<rect y="450" width="${W}" height="150" fill="#90A955"/><path d="M180 500 L520 360 M200 510 L540 370" stroke="${NAVY}" stroke-width="8"/><path d="M240 490 V540 M470 400 V530" stroke="${NAVY}" stroke-width="6"/>${placePlane(560, 320, 1.4, plane('conventional', SIGNAL), -22)}`,
      SKY,
    ),
  'flying-wing-sky': () =>
    svg(`${sky(true, 23)}${mountains()}${placePlane(420, 230, 2.4, plane('wing', WHITE), -6)}`, SKY),
  'flying-wing-map': () =>
    svg(
      `${patchwork(24, true)}${placePlane(400, 210, 2, plane('wing', GREEN), 10)}<path d="M400 260 L250 600 H560z" fill="#fff" opacity=".15"/>`,
      SKY,
    ),
  'vtol-quadplane-sky': () =>
    svg(`${sky(true, 25)}${hills(480, '#B5C99A', 24)}${placePlane(400, 250, 2.1, plane('quadplane', WHITE), -8)}`, SKY),
  'vtol-quadplane-takeoff': () =>
    svg(
      `${sky(true, 26)}${hills(430, '#B5C99A', 10)}<rect y="470" width="${W}" height="130" fill="#90A955"/><ellipse cx="400" cy="520" rx="120" ry="30" fill="#ADB5BD"/><path d="M370 505 V535 M430 505 V535 M370 520 H430" stroke="#fff" stroke-width="6"/>${placePlane(400, 300, 1.8, plane('quadplane', GRAPHITE), 0)}`,
      SKY,
    ),
  'vtol-tailsitter-sky': () =>
    svg(`${sky(true, 27)}${hills(490, '#B5C99A')}${placePlane(400, 260, 2.4, plane('tailsitter', WHITE), -10)}`, SKY),
  'vtol-tailsitter-field': () =>
    svg(
      `${sky(true, 28)}${field(380, '#A3B18A', '#588157')}${place(400, 430, 1.6, plane('tailsitter', WHITE), -90)}<ellipse cx="400" cy="470" rx="90" ry="12" fill="${NAVY}" opacity=".2"/>`,
      SKY,
    ),
  'vtol-tiltrotor-sky': () =>
    svg(`${sky(true, 29)}${mountains()}${placePlane(400, 230, 2.2, plane('tiltrotor', BLUE), -8)}`, SKY),
  'vtol-delivery': () =>
    svg(`${sky(true, 30)}${village()}${placePlane(420, 210, 2.2, plane('delivery', WHITE), -10)}`, SKY),
  'heli-sky': () =>
    svg(`${sky(true, 31)}${hills(500, '#B5C99A', 20)}${place(420, 270, 1.6, helicopter(SIGNAL, 'camera'))}`, SKY),
  'heli-field': () =>
    svg(`${sky(true, 32)}${field(340, '#90A955', '#4F772D')}${place(400, 220, 1.6, helicopter(BLUE, 'spray'))}`, SKY),
  'heli-coast': () => svg(`${sky(false, 33)}${coast()}${place(460, 220, 1.3, helicopter(WHITE, 'camera'))}`, DUSK),
  ...EXTRAS,
}

// ── Seller logos ───────────────────────────────────────────────────────────────────────────
/** Monogram letters as strokes on a 10×14 grid (descenders below 14): no font needed to render. */
const GLYPHS: Record<string, string> = {
  А: 'M0 14 L5 0 L10 14 M2 9 H8',
  Б: 'M9 0 H1 V14 H6 Q10 14 10 10.2 Q10 6.5 6 6.5 H1',
  В: 'M1 7 V14 H6 Q10 14 10 10.5 Q10 7 6 7 H1 V0 H5.5 Q9 0 9 3.5 Q9 7 5.5 7',
  Г: 'M9 0 H1 V14',
  Д: 'M3 0 H8.5 V14 M3 0 Q3 10 1 14 M0 16.5 V14 H10 V16.5',
  З: 'M1 2 Q2.5 0 5 0 Q9 0 9 3.5 Q9 7 5 7 Q9.5 7 9.5 10.5 Q9.5 14 5 14 Q2 14 0.5 11.5',
  И: 'M1 0 V14 L9 0 V14',
  К: 'M1 0 V14 M9 0 L1 8 M4 5.5 L9.5 14',
  Л: 'M0.5 14 Q3 10 3.5 0 H9 V14',
  М: 'M0.5 14 V0 L5 9 L9.5 0 V14',
  Н: 'M1 0 V14 M9 0 V14 M1 7 H9',
  П: 'M1 14 V0 H9 V14',
  С: 'M9.5 2.5 Q8 0 5.5 0 Q1 0 1 7 Q1 14 5.5 14 Q8 14 9.5 11.5',
  Т: 'M0 0 H10 M5 0 V14',
  У: 'M0.5 0 L5.5 9.5 M9.5 0 L5 11 Q4 14 1.5 14',
  Ц: 'M1 0 V14 H9 V0 M9 14 H10.5 V16.5',
  Э: 'M1 2.5 Q2.5 0 5 0 Q9.5 0 9.5 7 Q9.5 14 5 14 Q2.5 14 1 11.5 M4 7 H9.5',
  Ю: 'M0.5 0 V14 M0.5 7 H3 M3 7 Q3 0 6.5 0 Q10 0 10 7 Q10 14 6.5 14 Q3 14 3 7',
  Я: 'M9 14 V0 H4.5 Q1 0 1 3.75 Q1 7.5 4.5 7.5 H9 M5 7.5 L1 14',
}

/** «СибАэроГео» → САГ, «Балтийские беспилотные системы» → ББС: initials, at most three. */
export function monogram(name: string): string {
  const letters = name
    .split(/[\s-]+/)
    .flatMap((word) => [...word].filter((ch, i) => i === 0 || (ch === ch.toUpperCase() && /\p{L}/u.test(ch))))
    .map((ch) => ch.toUpperCase())
  return letters.join('').slice(0, 3)
}

const LOGO_PALETTES = [
  ['#0B2545', '#F2A541'],
  ['#1D4E89', '#FFFFFF'],
  ['#2A9D8F', '#FFFFFF'],
  ['#E76F51', '#FFFFFF'],
  ['#264653', '#E9C46A'],
  ['#6A4C93', '#FFFFFF'],
  ['#3A5A40', '#DAD7CD'],
  ['#9D0208', '#FFFFFF'],
  ['#023E8A', '#90E0EF'],
  ['#343A40', '#7DCFB6'],
] as const

function logo(name: string, index: number): string {
  const [bg, fg] = LOGO_PALETTES[index % LOGO_PALETTES.length]!
  const shapes = [
    `<circle cx="120" cy="120" r="110" fill="${bg}"/>`,
    `<rect x="12" y="12" width="216" height="216" rx="44" fill="${bg}"/>`,
    `<path d="M120 8 L217 64 V176 L120 232 L23 176 V64z" fill="${bg}"/>`,
    `<path d="M120 10 L220 40 V120 Q220 196 120 232 Q20 196 20 120 V40z" fill="${bg}"/>`,
    `<circle cx="120" cy="120" r="110" fill="${bg}"/><circle cx="120" cy="120" r="92" fill="none" stroke="${fg}" stroke-width="4"/>`,
  ]
  const emblems = [
    // a three-blade propeller
    `<g fill="${fg}" opacity=".9" transform="translate(120 58)"><ellipse rx="8" ry="22" transform="translate(0 -14)"/><ellipse rx="8" ry="22" transform="rotate(120) translate(0 -14)"/><ellipse rx="8" ry="22" transform="rotate(240) translate(0 -14)"/><circle r="6" fill="${bg}"/></g>`,
    // a wing
    `<path d="M50 64 Q120 30 190 64 Q120 50 50 64z" fill="${fg}"/>`,
    // a rotor ring
    `<g fill="none" stroke="${fg}" stroke-width="5"><ellipse cx="120" cy="58" rx="46" ry="12"/><path d="M120 58 V78"/></g>`,
    // mountains
    `<path d="M62 80 L98 38 L118 60 L140 30 L178 80z" fill="${fg}"/>`,
    // orbit arc with a dot
    `<path d="M56 76 Q120 18 184 76" fill="none" stroke="${fg}" stroke-width="6" stroke-linecap="round"/><circle cx="184" cy="76" r="8" fill="${fg}"/>`,
  ]
  const letters = [...monogram(name)]
  const size = letters.length === 1 ? 5.6 : letters.length === 2 ? 4.4 : 3.4
  const step = 13
  const width = (letters.length - 1) * step + 10
  const text = letters
    .map((ch, i) => {
      const glyph = GLYPHS[ch]
      if (!glyph) throw new Error(`No glyph for «${ch}» in ${name}`)
      return `<path transform="translate(${i * step} 0)" d="${glyph}"/>`
    })
    .join('')
  const x = r(120 - (width * size) / 2)
  const y = r(150 - 7 * size)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">${shapes[index % shapes.length]}${emblems[Math.floor(index / 2) % emblems.length]}<g transform="translate(${x} ${y}) scale(${size})" fill="none" stroke="${fg}" stroke-width="${r(9 / size)}" stroke-linecap="round" stroke-linejoin="round">${text}</g></svg>\n`
}

// ── Output ─────────────────────────────────────────────────────────────────────────────────
function write(dir: string, name: string, content: string): void {
  mkdirSync(join(OUT, dir), { recursive: true })
  if (Buffer.byteLength(content) > 8 * 1024) throw new Error(`${dir}/${name}.svg is over 8 kB`)
  writeFileSync(join(OUT, dir, `${name}.svg`), content)
}

for (const name of ALL_ART) {
  const draw = SCENES[name as ArtName]
  if (!draw) throw new Error(`No drawing for ${name}`)
  write('catalog', name, draw())
}
const sellers = [{ slug: ACCOUNTS_VENDOR_SLUG, shortName: 'ООО «АэроТех Системы»' }, ...CATALOG_VENDORS]
sellers.forEach((v, i) => write('sellers', v.slug, logo(organizationBrandName(v.shortName), i)))
console.log(`${ALL_ART.length} product illustrations and ${sellers.length} seller logos written to ${OUT}`)
