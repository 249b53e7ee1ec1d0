/**
 * Draws the demo articles' covers (ARTICLE_COVER_SIZE, 1200×630) and inline figures (1200×675)
 * into content/assets/media/{cover,figure}-*.svg from code: flat shapes, no fonts, no downloads.
 * Deterministic — run `node scripts/generate-media-art.ts` and commit the output; the demo
 * articles (server/seed/articles/) refer to the files by name.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ARTICLE_COVER_SIZE } from '../common/media/articles.ts'
import { BLUE, GRAPHITE, GREEN, multirotor, place, placePlane, plane, SIGNAL, WHITE, YELLOW } from './art/airframes.ts'
import { FIR, forest, grad, HOT, INK, NAVY, ORANGE, PYLON, r, random, svgDocument } from './art/svg.ts'

const OUT = join(import.meta.dirname, '..', 'content', 'assets', 'media')
/** A cover's scene is drawn on 1600×900 and framed to the cover's proportions around its middle. */
const W = 1600
const H = 900
const FRAME_H = Math.round((W * ARTICLE_COVER_SIZE.height) / ARTICLE_COVER_SIZE.width)
const FW = 1200
const FH = 675

const cover = (body: string, defs = '') =>
  svgDocument(ARTICLE_COVER_SIZE.width, ARTICLE_COVER_SIZE.height, body, defs, `0 ${(H - FRAME_H) / 2} ${W} ${FRAME_H}`)
const figure = (body: string, defs = '') => svgDocument(FW, FH, body, defs)

const SKY = grad('sky', '#8FB3D9', '#EEF4ED')
const DUSK = grad('sky', '#F6C28B', '#FCEBD7')
const NIGHT = grad('sky', '#0B1A33', '#253E66')
const MAP_PAPER = '#F3EFE2'
const WATER = '#8ECAE6'
const RED = '#D1495B'

// ── Backgrounds ────────────────────────────────────────────────────────────────────────────
function sky(width: number, height: number, seed: number, sun = true): string {
  const rnd = random(seed)
  let clouds = ''
  for (let i = 0; i < 4; i++) {
    const x = r(width * 0.08 + rnd() * width * 0.84)
    const y = r(60 + rnd() * height * 0.2)
    clouds += `<ellipse cx="${x}" cy="${y}" rx="${r(60 + rnd() * 50)}" ry="18"/><ellipse cx="${r(x + 40)}" cy="${r(y - 14)}" rx="40" ry="20"/>`
  }
  const sunDisc = sun
    ? `<circle cx="${r(width * 0.12 + rnd() * width * 0.76)}" cy="${r(height * 0.14)}" r="${r(height * 0.06)}" fill="${ORANGE}" opacity=".8"/>`
    : ''
  return `<rect width="${width}" height="${height}" fill="url(#sky)"/>${sunDisc}<g fill="#fff" opacity=".85">${clouds}</g>`
}

function hills(y: number, colour: string, amp: number, width = W, height = H): string {
  return `<path d="M0 ${y} Q${width / 4} ${y - amp} ${width / 2} ${y} T${width} ${y} V${height} H0z" fill="${colour}"/>`
}

/** Crop rows running to the horizon from a vanishing point at `cx`. */
function field(horizon: number, colour: string, stripe: string, cx = W / 2, width = W, height = H): string {
  let rows = ''
  for (let i = -20; i <= 20; i++) rows += `M${cx + i * 20} ${horizon} L${cx + i * 130} ${height} `
  return `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${colour}"/><path d="${rows}" stroke="${stripe}" stroke-width="4" opacity=".55"/>`
}

/** A block of flats: a slab with a grid of windows, some of them lit. */
function block(x: number, base: number, w: number, h: number, colour: string, seed: number, lit = '#F6E7B0'): string {
  const rnd = random(seed)
  let windows = ''
  const cols = Math.max(2, Math.floor((w - 20) / 52))
  const rows = Math.max(2, Math.floor((h - 30) / 64))
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++)
      windows += `<rect x="${r(x + 14 + col * ((w - 28) / cols))}" y="${r(base - h + 20 + row * ((h - 30) / rows))}" width="${r((w - 28) / cols - 10)}" height="${r((h - 30) / rows - 14)}" fill="${rnd() < 0.3 ? lit : '#DCE6EE'}"/>`
  return `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${colour}"/><rect x="${x - 4}" y="${base - h - 8}" width="${w + 8}" height="10" fill="${INK}" opacity=".5"/>${windows}`
}

/** A standing person: head, body, legs; `hands` holds a remote controller out in front. */
function person(x: number, base: number, s: number, coat: string, hands = false): string {
  const remote = hands
    ? `<rect x="-4" y="-98" width="34" height="20" rx="5" fill="${NAVY}"/><path d="M2 -98 L-4 -118 M24 -98 L30 -118" stroke="${NAVY}" stroke-width="3"/>`
    : ''
  return `<g transform="translate(${x} ${base}) scale(${s})"><path d="M-14 0 V-60 M14 0 V-60" stroke="${NAVY}" stroke-width="12" stroke-linecap="round"/><rect x="-22" y="-128" width="44" height="74" rx="16" fill="${coat}"/><circle cy="-146" r="17" fill="#E8C39E"/><path d="M-17 -150 Q0 -172 17 -150z" fill="${NAVY}"/>${remote}</g>`
}

function truck(x: number, base: number, s: number, colour: string): string {
  return `<g transform="translate(${x} ${base}) scale(${s})"><path d="M0 -60 H120 L140 -20 V-12 H0z" fill="${colour}"/><path d="M-100 -70 H-6 V-12 H-100z" fill="${colour}" opacity=".85"/><path d="M-110 -80 H20 L0 -12 H-120z" fill="#8D7B68"/><rect x="70" y="-54" width="44" height="26" fill="#BFD7EA"/><g fill="${NAVY}"><circle cx="-84" cy="-8" r="16"/><circle cx="-40" cy="-8" r="16"/><circle cx="104" cy="-8" r="16"/></g></g>`
}

function van(x: number, base: number, s: number): string {
  return `<g transform="translate(${x} ${base}) scale(${s})"><path d="M0 -90 H150 Q190 -90 200 -50 L210 -16 V-10 H0z" fill="#F1F3F5" stroke="${NAVY}" stroke-width="3"/><path d="M150 -82 Q180 -80 190 -52 H150z" fill="#BFD7EA"/><rect x="20" y="-70" width="100" height="12" fill="${ORANGE}"/><g fill="${NAVY}"><circle cx="44" cy="-8" r="18"/><circle cx="166" cy="-8" r="18"/></g></g>`
}

/** A tripod with a GNSS antenna: the base station of RTK surveys. */
function gnssBase(x: number, base: number, s: number): string {
  return `<g transform="translate(${x} ${base}) scale(${s})"><path d="M0 -100 L-36 0 M0 -100 L36 0 M0 -100 L0 0" stroke="${NAVY}" stroke-width="5"/><rect x="-6" y="-130" width="12" height="30" fill="${NAVY}"/><ellipse cy="-138" rx="30" ry="10" fill="#F1F3F5" stroke="${NAVY}" stroke-width="3"/></g>`
}

/** A map pin, its point at (x, y). */
function pin(x: number, y: number, s: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 C-6 -18 -22 -30 -22 -46 A22 22 0 1 1 22 -46 C22 -30 6 -18 0 0z" fill="${colour}"/><circle cy="-46" r="8" fill="#fff"/></g>`
}

/** A sheet of paper with lines standing for text (no letters anywhere). */
function sheet(x: number, y: number, w: number, h: number, rotate: number, seed: number, extra = ''): string {
  const rnd = random(seed)
  let lines = ''
  for (let ly = 70; ly < h - 40; ly += 30) lines += `M40 ${ly} H${r(40 + (w - 80) * (0.55 + rnd() * 0.45))} `
  return `<g transform="translate(${x} ${y}) rotate(${rotate})"><rect x="6" y="8" width="${w}" height="${h}" fill="${NAVY}" opacity=".12"/><rect width="${w}" height="${h}" fill="#FFFDF7"/><rect x="40" y="30" width="${r(w * 0.45)}" height="14" fill="${INK}"/><path d="${lines}" stroke="#9AA9B8" stroke-width="8" stroke-linecap="round"/>${extra}</g>`
}

/** A round seal stamp with a star-like emblem. */
function stamp(x: number, y: number, s: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${colour}" opacity=".8"><circle r="56" stroke-width="6"/><circle r="42" stroke-width="3"/><path d="M0 -26 L7 -8 H26 L11 4 L17 22 L0 11 L-17 22 L-11 4 L-26 -8 H-7z" fill="${colour}" stroke="none"/></g>`
}

/** A generic top view of a town: streets and blocks on map paper. */
function mapTown(x: number, y: number, w: number, h: number, seed: number): string {
  const rnd = random(seed)
  let blocks = ''
  for (let by = y + 10; by < y + h - 40; by += 70)
    for (let bx = x + 10; bx < x + w - 50; bx += 90)
      if (rnd() > 0.15)
        blocks += `<rect x="${bx}" y="${by}" width="${r(60 + rnd() * 16)}" height="${r(44 + rnd() * 12)}" rx="4"/>`
  return `<g fill="#D8CFC0">${blocks}</g>`
}

// ── Covers ─────────────────────────────────────────────────────────────────────────────────
const COVERS: Record<string, () => string> = {
  /** Registration: the documents on a desk, a drone with its identification plate and a stamp. */
  'cover-registration': () => {
    const plate = `<rect x="-34" y="-6" width="68" height="22" rx="3" fill="#fff" stroke="${NAVY}" stroke-width="2"/><path d="M-26 5 H26" stroke="${NAVY}" stroke-width="4" stroke-dasharray="6 4"/>`
    return cover(
      `<rect width="${W}" height="${H}" fill="#C9A77C"/><path d="M0 120 H${W} M0 360 H${W} M0 620 H${W}" stroke="#B8946A" stroke-width="6"/>${sheet(180, 130, 420, 560, -6, 1, stamp(150, 470, 0.9, RED))}${sheet(560, 180, 400, 540, 4, 2)}${place(1190, 430, 2.2, multirotor({ n: 4, rx: 110, ry: 110, phase: Math.PI / 4, paint: GRAPHITE, body: 'large', payload: 'none', propR: 46 }) + plate)}<rect x="980" y="700" width="300" height="26" rx="13" fill="${NAVY}" transform="rotate(-12 1130 713)"/><rect x="1240" y="700" width="44" height="26" rx="6" fill="${ORANGE}" transform="rotate(-12 1130 713)"/>`,
    )
  },
  /** Flight permission: an aeronautical chart with a planned route and the planning clipboard. */
  'cover-airspace-permission': () => {
    const grid = Array.from({ length: 15 }, (_, i) => `M${i * 120} 0 V${H} M0 ${i * 120} H${W}`).join(' ')
    return cover(
      `<rect width="${W}" height="${H}" fill="${MAP_PAPER}"/><path d="${grid}" stroke="#D9D2BF" stroke-width="2"/><path d="M0 620 Q300 560 520 640 T1000 600 T1600 680 V900 H0z" fill="${WATER}" opacity=".6"/>${mapTown(820, 160, 360, 260, 3)}<circle cx="1000" cy="290" r="210" fill="${RED}" opacity=".08" stroke="${RED}" stroke-width="4" stroke-dasharray="18 12"/><path d="M180 760 L420 520 L700 470 L760 240 L1320 180 L1440 420" fill="none" stroke="${NAVY}" stroke-width="8" stroke-linejoin="round" stroke-dasharray="26 14"/>${[
        [180, 760],
        [420, 520],
        [700, 470],
        [760, 240],
        [1320, 180],
        [1440, 420],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="#fff" stroke="${NAVY}" stroke-width="6"/>`)
        .join(
          '',
        )}<g transform="translate(1180 520) rotate(6)"><rect x="8" y="10" width="320" height="380" rx="12" fill="${NAVY}" opacity=".15"/><rect width="320" height="380" rx="12" fill="#8D6E4F"/><rect x="20" y="36" width="280" height="330" fill="#FFFDF7"/><rect x="110" y="-14" width="100" height="40" rx="8" fill="#ADB5BD"/><path d="M50 100 H270 M50 150 H230 M50 200 H260 M50 250 H200" stroke="#9AA9B8" stroke-width="10" stroke-linecap="round"/><path d="M50 310 l20 20 l40 -44" stroke="#2A9D8F" stroke-width="10" fill="none" stroke-linecap="round"/></g>${place(420, 300, 1.3, multirotor({ n: 4, rx: 86, ry: 40, paint: WHITE, payload: 'camera' }))}`,
    )
  },
  /** Restricted zones: a map with an airfield, hatched circles around it and a route going round. */
  'cover-restricted-zones': () => {
    const hatch = `<pattern id="hatch" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0 V24" stroke="${RED}" stroke-width="6" opacity=".35"/></pattern>`
    return cover(
      `<rect width="${W}" height="${H}" fill="#E4EDD9"/><path d="M0 0 H420 Q380 300 520 460 T420 900 H0z" fill="#C7D9B0"/><path d="M1100 0 Q1050 300 1260 500 T1600 760 V0z" fill="${WATER}" opacity=".55"/>${mapTown(80, 520, 420, 340, 5)}<g transform="translate(860 430) rotate(-24)"><rect x="-300" y="-28" width="600" height="56" fill="#6C757D"/><path d="M-270 0 H270" stroke="#fff" stroke-width="6" stroke-dasharray="30 20"/><rect x="-120" y="40" width="240" height="70" fill="#ADB5BD"/></g><circle cx="860" cy="430" r="330" fill="url(#hatch)" stroke="${RED}" stroke-width="6"/><circle cx="300" cy="220" r="130" fill="url(#hatch)" stroke="${RED}" stroke-width="5"/><circle cx="1420" cy="200" r="100" fill="${ORANGE}" opacity=".25" stroke="${ORANGE}" stroke-width="5"/><path d="M120 860 Q460 560 470 420 T560 60" fill="none" stroke="${NAVY}" stroke-width="8" stroke-dasharray="26 14"/>${pin(120, 860, 1.6, NAVY)}${pin(560, 80, 1.6, '#2A9D8F')}`,
      hatch,
    )
  },
  /** Buying an agricultural drone: a spray drone over crop rows at sunrise. */
  'cover-agro-drones': () =>
    cover(
      `${sky(W, H, 11)}${hills(380, '#B5C99A', 30)}${field(420, '#90A955', '#4F772D')}${place(820, 300, 2.1, multirotor({ n: 6, rx: 130, ry: 52, paint: GRAPHITE, body: 'large', tank: true, spray: true, gear: true }))}${place(1370, 240, 0.9, multirotor({ n: 4, rx: 120, ry: 48, paint: WHITE, body: 'large', tank: true, spray: true, gear: true }))}${truck(220, 560, 1, '#E9C46A')}`,
      DUSK,
    ),
  /** Housing and utilities: blocks of flats, a heating main and a drone at a roof. */
  'cover-housing-utilities': () =>
    cover(
      `${sky(W, H, 12)}${block(80, 760, 300, 520, '#C9D6DF', 1)}${block(420, 760, 240, 380, '#E8D8C4', 2)}${block(1000, 760, 340, 600, '#D6E2E9', 3)}${block(1370, 760, 200, 300, '#E8D8C4', 4)}<rect y="760" width="${W}" height="140" fill="#9DA9A0"/><path d="M0 820 H700 V760 H760 V820 H${W}" fill="none" stroke="#6C757D" stroke-width="22"/><path d="M0 820 H700 V760 H760 V820 H${W}" fill="none" stroke="${ORANGE}" stroke-width="6" stroke-dasharray="30 30" opacity=".8"/>${place(820, 250, 1.7, multirotor({ n: 4, rx: 110, ry: 46, paint: GRAPHITE, body: 'large', gear: true, payload: 'thermal' }))}<path d="M820 320 L1000 160 V340z" fill="#FFE66D" opacity=".18"/>`,
      SKY,
    ),
  /** Thermal drones: a night search over forest, hot spots glowing on the ground. */
  'cover-thermal-drones': () => {
    const rnd = random(13)
    let stars = ''
    for (let i = 0; i < 70; i++)
      stars += `<circle cx="${r(rnd() * W)}" cy="${r(rnd() * 420)}" r="${r(0.8 + rnd() * 1.4)}"/>`
    return cover(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><g fill="#fff" opacity=".7">${stars}</g><circle cx="1380" cy="140" r="56" fill="#F1F3F5" opacity=".85"/>${forest(640, 30, 2.2, '#0A1526', 13, W)}<rect y="680" width="${W}" height="220" fill="#0A1526"/><circle cx="460" cy="760" r="60" fill="url(#hot)"/><circle cx="1120" cy="790" r="44" fill="url(#hot)"/>${place(780, 330, 2, multirotor({ n: 4, rx: 110, ry: 46, paint: GRAPHITE, body: 'large', gear: true, payload: 'thermal' }))}<path d="M770 420 L470 740 M790 420 L1110 770" stroke="${ORANGE}" stroke-width="3" stroke-dasharray="10 10"/>`,
      NIGHT + HOT + FIR,
    )
  },
  /** Mapping aircraft: fields from above, flight lines and a VTOL on its route. */
  'cover-mapping-aircraft': () => {
    const rnd = random(14)
    const colours = ['#90A955', '#B5C99A', '#ECF39E', '#4F772D', '#C9B79C', '#A3B18A']
    let plots = ''
    for (let y = 0; y < H; y += 180)
      for (let x = 0; x < W; x += 230)
        plots += `<rect x="${x + 5}" y="${y + 5}" width="220" height="170" fill="${colours[Math.floor(rnd() * colours.length)]}"/>`
    let lines = 'M200 190'
    for (let i = 0; i < 5; i++) lines += ` H${i % 2 ? 200 : 1400}${i < 4 ? ' v120' : ''}`
    return cover(
      `<rect width="${W}" height="${H}" fill="#E9E4D4"/>${plots}<path d="M0 540 H${W} M690 0 V${H}" stroke="#E9E4D4" stroke-width="14"/><path d="${lines}" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="20 12" opacity=".9"/><rect x="200" y="140" width="1200" height="600" fill="none" stroke="${NAVY}" stroke-width="4" opacity=".5"/>${placePlane(900, 440, 2.6, plane('quadplane', WHITE), -8)}${pin(200, 140, 1.5, RED)}`,
    )
  },
  /** Educational drones: a classroom with a board, desks and small drones. */
  'cover-education': () => {
    let floor = ''
    for (let i = -12; i <= 12; i++) floor += `M${800 + i * 50} 600 L${800 + i * 190} 900 `
    return cover(
      `<rect width="${W}" height="600" fill="#E8E3D3"/><rect x="300" y="90" width="1000" height="360" rx="8" fill="#2F4F4F" stroke="#8B6B4A" stroke-width="14"/><path d="M380 180 h220 M380 240 h320 M380 300 h180" stroke="#E8F1F2" stroke-width="6" opacity=".7"/><g fill="none" stroke="#E8F1F2" stroke-width="5" opacity=".7"><circle cx="1040" cy="250" r="90"/><path d="M950 250 H1130 M1040 160 V340 M976 186 L1104 314 M1104 186 L976 314"/></g><rect x="1380" y="120" width="160" height="240" fill="#7DCFB6" opacity=".5"/><rect y="600" width="${W}" height="300" fill="#C7B299"/><path d="${floor}" stroke="#A8917A" stroke-width="3"/><rect x="160" y="700" width="420" height="22" fill="#8B6B4A"/><rect x="180" y="722" width="14" height="120" fill="#6B4F3A"/><rect x="546" y="722" width="14" height="120" fill="#6B4F3A"/><rect x="1020" y="700" width="420" height="22" fill="#8B6B4A"/><rect x="1040" y="722" width="14" height="120" fill="#6B4F3A"/><rect x="1406" y="722" width="14" height="120" fill="#6B4F3A"/>${place(370, 670, 0.9, multirotor({ n: 4, rx: 70, ry: 32, paint: YELLOW, payload: 'none' }))}${place(1230, 670, 0.9, multirotor({ n: 4, rx: 70, ry: 32, paint: SIGNAL, payload: 'none' }))}${place(800, 500, 1.6, multirotor({ n: 4, rx: 70, ry: 32, paint: GREEN, payload: 'none', cage: true }))}`,
    )
  },
  /** Forest patrol: taiga, a rising smoke column and a fixed-wing drone above. */
  'cover-forest-patrol': () =>
    cover(
      `${sky(W, H, 15, false)}${hills(470, '#8DA9C4', 40)}${forest(520, 34, 1.8, '#4F772D', 15, W)}${forest(640, 28, 2.8, '#31572C', 16, W)}<rect y="680" width="${W}" height="220" fill="#31572C"/><path d="M1180 560 C1120 420 1260 360 1180 220 C1140 140 1240 90 1220 20 L1300 20 C1330 110 1240 160 1280 240 C1350 380 1240 430 1280 560z" fill="#6C757D" opacity=".45"/><circle cx="1230" cy="570" r="40" fill="url(#hot)"/>${placePlane(640, 260, 2.6, plane('conventional', YELLOW), 8)}`,
      SKY + FIR + HOT,
    ),
  /** Quarry survey: benches of an open pit, stockpiles, a dump truck and a drone with a base station. */
  'cover-quarry-survey': () => {
    let benches = ''
    for (let i = 0; i < 5; i++) {
      const inset = i * 110
      benches += `<path d="M${120 + inset} ${470 + i * 70} H${1480 - inset} L${1440 - inset} ${540 + i * 70} H${160 + inset}z" fill="${['#C9B79C', '#B89F7E', '#A68A64', '#937653', '#7F6A4F'][i]}"/>`
    }
    return cover(
      `${sky(W, H, 17)}${hills(470, '#B5C99A', 20)}${benches}<rect x="670" y="820" width="260" height="80" fill="#6A5640"/><path d="M1260 470 L1360 380 L1460 470z M1380 470 L1460 410 L1540 470z" fill="#8D7B68"/>${truck(520, 680, 1.2, '#F2C14E')}${gnssBase(1300, 660, 1.2)}${place(820, 260, 1.8, multirotor({ n: 4, rx: 110, ry: 46, paint: WHITE, body: 'large', gear: true, payload: 'lidar' }))}<path d="M820 330 L600 620 H1040z" fill="#D1495B" opacity=".12"/>`,
      SKY,
    )
  },
  /** Nuclear industry: cooling towers, a reactor dome and a drone measuring the air. */
  'cover-nuclear-monitoring': () => {
    const tower = (x: number, s: number) =>
      `<path transform="translate(${x} 700) scale(${s})" d="M-120 0 Q-70 -150 -90 -300 H90 Q70 -150 120 0z" fill="#DEE2E6" stroke="#ADB5BD" stroke-width="4"/><path transform="translate(${x} 700) scale(${s})" d="M-90 -300 C-100 -380 -10 -360 -30 -440 C-40 -500 40 -520 60 -460 C120 -420 60 -360 90 -300z" fill="#fff" opacity=".7"/>`
    return cover(
      `${sky(W, H, 18)}${hills(620, '#B5C99A', 20)}${tower(260, 1.1)}${tower(560, 0.9)}<path d="M900 700 V520 A160 160 0 0 1 1220 520 V700z" fill="#CED4DA" stroke="#868E96" stroke-width="4"/><rect x="1240" y="560" width="260" height="140" fill="#E9ECEF" stroke="#868E96" stroke-width="4"/><rect y="700" width="${W}" height="200" fill="#90A955"/><path d="M0 760 H${W}" stroke="#ADB5BD" stroke-width="20"/>${place(1260, 250, 1.5, multirotor({ n: 6, rx: 120, ry: 50, paint: YELLOW, body: 'large', gear: true, payload: 'none' }))}<g fill="none" stroke="${ORANGE}" stroke-width="5" opacity=".8"><path d="M1200 360 a80 30 0 0 0 120 0"/><path d="M1170 390 a110 42 0 0 0 180 0"/><path d="M1140 420 a140 54 0 0 0 240 0"/></g>`,
      SKY,
    )
  },
  /** Medical delivery: a hospital, a river and a village, a cargo drone carrying a thermal box. */
  'cover-medical-delivery': () => {
    const house = (x: number, y: number, s: number) =>
      `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-40" y="-40" width="80" height="54" fill="#EEE3CB"/><path d="M-50 -38 L0 -78 L50 -38z" fill="#A4443B"/><rect x="-10" y="-20" width="20" height="34" fill="${INK}"/></g>`
    return cover(
      `${sky(W, H, 19)}${hills(520, '#B5C99A', 26)}<path d="M0 640 Q400 600 800 660 T1600 620 V720 Q1200 760 800 740 T0 740z" fill="${WATER}"/><rect y="740" width="${W}" height="160" fill="#90A955"/><rect x="110" y="360" width="420" height="300" fill="#F8F9FA" stroke="${INK}" stroke-width="4"/><rect x="270" y="300" width="100" height="60" fill="#F8F9FA" stroke="${INK}" stroke-width="4"/><path d="M320 310 V350 M300 330 H340" stroke="${RED}" stroke-width="12"/>${Array.from({ length: 3 }, (_, row) => Array.from({ length: 5 }, (_, col) => `<rect x="${140 + col * 78}" y="${390 + row * 80}" width="50" height="46" fill="#BFD7EA"/>`).join('')).join('')}${house(1250, 840, 1.3)}${house(1420, 860, 1)}${house(1100, 870, 0.9)}${place(800, 340, 1.6, multirotor({ n: 8, rx: 140, ry: 56, paint: SIGNAL, body: 'large', coaxial: true, payload: 'none', cargo: true, propR: 44 }))}<path d="M530 300 Q800 160 1250 700" fill="none" stroke="${NAVY}" stroke-width="5" stroke-dasharray="20 14" opacity=".6"/>`,
      SKY,
    )
  },
  /** The media section opens: a tablet showing an article layout and a drone beside it. */
  'cover-media-launch': () =>
    cover(
      `<rect width="${W}" height="${H}" fill="#DCE7F2"/><circle cx="1340" cy="180" r="260" fill="#C4D6E8"/><circle cx="180" cy="800" r="220" fill="#C4D6E8"/><g transform="translate(330 120)"><rect x="14" y="18" width="760" height="660" rx="40" fill="${NAVY}" opacity=".18"/><rect width="760" height="660" rx="40" fill="${NAVY}"/><rect x="36" y="36" width="688" height="588" rx="12" fill="#fff"/><rect x="70" y="70" width="620" height="250" rx="8" fill="#8FB3D9"/><path d="M70 320 L260 180 L380 260 L520 140 L690 300 V320z" fill="#90A955"/><circle cx="600" cy="130" r="30" fill="${ORANGE}"/><rect x="70" y="350" width="420" height="26" rx="6" fill="${INK}"/><path d="M70 420 H690 M70 460 H640 M70 500 H670 M70 540 H520" stroke="#ADB5BD" stroke-width="14" stroke-linecap="round"/><rect x="540" y="560" width="150" height="40" rx="20" fill="${ORANGE}"/></g>${place(1240, 520, 1.9, multirotor({ n: 4, rx: 86, ry: 40, paint: BLUE, payload: 'camera' }))}`,
    ),
  /** The services exchange: a survey crew with a van, a base station and a drone over a site. */
  'cover-services-exchange': () => {
    let frame = ''
    for (let i = 0; i < 4; i++) frame += `M1000 ${560 - i * 90} H1400 `
    for (let i = 0; i < 5; i++) frame += `M${1000 + i * 100} 560 V290 `
    return cover(
      `${sky(W, H, 21)}${hills(520, '#C9B79C', 14)}<rect y="600" width="${W}" height="300" fill="#A68A64"/><path d="${frame}" stroke="${INK}" stroke-width="10" fill="none"/><path d="M1480 600 V150 M1390 160 H1580 M1480 180 L1420 160" stroke="${ORANGE}" stroke-width="12" fill="none"/>${van(160, 780, 1.4)}${gnssBase(620, 780, 1.3)}${person(800, 800, 1.3, ORANGE, true)}${place(1120, 200, 1.6, multirotor({ n: 4, rx: 110, ry: 46, paint: GRAPHITE, body: 'large', gear: true, payload: 'lidar' }))}`,
      SKY,
    )
  },
  /** Search and rescue at dusk: a tethered drone with a searchlight above the team's camp. */
  'cover-search-rescue': () =>
    cover(
      `${sky(W, H, 23, false)}${hills(560, '#6D597A', 40)}${forest(600, 30, 2, '#355070', 23, W)}<rect y="640" width="${W}" height="260" fill="#4A5D3A"/><path d="M1010 360 L760 900 H1320z" fill="#FFE66D" opacity=".16"/><path d="M300 780 L380 650 L460 780z" fill="${ORANGE}"/><path d="M380 650 V780" stroke="${NAVY}" stroke-width="4"/>${van(520, 820, 1.3)}<rect x="640" y="689" width="70" height="14" rx="4" fill="${RED}"/><rect x="900" y="760" width="90" height="60" rx="6" fill="${NAVY}"/><path d="M945 760 C960 600 1000 480 1010 380" fill="none" stroke="${NAVY}" stroke-width="4"/>${place(1010, 330, 1.5, multirotor({ n: 4, rx: 110, ry: 46, paint: SIGNAL, body: 'large', gear: true, payload: 'thermal' }))}${person(1180, 830, 1.1, ORANGE)}${person(1260, 840, 1.1, RED)}`,
      DUSK + FIR,
    ),
  /** Power lines: two pylons with sagging wires, a hot clamp and an inspection drone. */
  'cover-power-lines': () => {
    const wire = (x1: number, y1: number, x2: number, y2: number) =>
      `M${x1} ${y1} Q${r((x1 + x2) / 2)} ${r(Math.max(y1, y2) + 70)} ${x2} ${y2}`
    const wires = [
      wire(-20, 420, 229.2, 470),
      wire(-20, 330, 270.8, 376.4),
      wire(229.2, 470, 1180.4, 460),
      wire(530.8, 470, 1319.6, 460),
      wire(270.8, 376.4, 1199.6, 416.8),
      wire(489.2, 376.4, 1300.4, 416.8),
      wire(1319.6, 460, 1620, 440),
      wire(1300.4, 416.8, 1620, 400),
    ].join(' ')
    return cover(
      `${sky(W, H, 24)}${hills(560, '#B5C99A', 30)}${hills(660, '#90A955', 20)}<use href="#pylon" transform="translate(380 860) scale(2.6)"/><use href="#pylon" transform="translate(1250 640) scale(1.2)"/><path d="${wires}" fill="none" stroke="${NAVY}" stroke-width="3"/><circle cx="530" cy="478" r="34" fill="url(#hot)"/>${place(760, 290, 1.6, multirotor({ n: 4, rx: 110, ry: 46, paint: GRAPHITE, body: 'large', gear: true, payload: 'thermal' }))}<path d="M740 350 L560 470" stroke="${ORANGE}" stroke-width="3" stroke-dasharray="10 10"/>`,
      SKY + PYLON + HOT,
    )
  },
}

// ── Figures ────────────────────────────────────────────────────────────────────────────────
const FIGURES: Record<string, () => string> = {
  /** The identification plate on a drone's arm, and a magnified view of it. */
  'figure-identification-plate': () =>
    figure(
      `<rect width="${FW}" height="${FH}" fill="#E9EEF2"/><ellipse cx="420" cy="600" rx="330" ry="40" fill="${NAVY}" opacity=".12"/>${place(420, 340, 2.1, multirotor({ n: 4, rx: 110, ry: 110, phase: Math.PI / 4, paint: WHITE, body: 'large', payload: 'none', propR: 46 }))}<rect x="520" y="420" width="60" height="24" rx="3" fill="${ORANGE}"/><path d="M580 432 L780 300" stroke="${NAVY}" stroke-width="4" stroke-dasharray="12 8"/><circle cx="920" cy="300" r="200" fill="#fff" stroke="${NAVY}" stroke-width="8"/><rect x="780" y="240" width="280" height="120" rx="10" fill="${ORANGE}" stroke="${NAVY}" stroke-width="5"/><path d="M810 280 H1030 M810 320 H960" stroke="${NAVY}" stroke-width="14" stroke-linecap="round"/><g fill="${NAVY}"><circle cx="796" cy="254" r="6"/><circle cx="1044" cy="254" r="6"/><circle cx="796" cy="346" r="6"/><circle cx="1044" cy="346" r="6"/></g>`,
    ),
  /** A facade in a thermal palette: warm leaks at the joints and windows of one storey. */
  'figure-facade-thermal': () => {
    const rnd = random(31)
    let windows = ''
    for (let row = 0; row < 6; row++)
      for (let col = 0; col < 8; col++) {
        const hot = (row === 2 && col > 3) || rnd() < 0.08
        windows += `<rect x="${260 + col * 86}" y="${90 + row * 88}" width="56" height="56" fill="${hot ? '#F94144' : '#F3722C'}" opacity="${hot ? 1 : 0.75}"/>`
      }
    return figure(
      `<rect width="${FW}" height="${FH}" fill="#1B1E5A"/><rect x="220" y="60" width="760" height="560" fill="#3A0CA3"/><rect x="220" y="250" width="760" height="60" fill="#7209B7"/><rect x="620" y="250" width="360" height="60" fill="#F8961E"/><path d="M220 60 V620 M980 60 V620" stroke="#7209B7" stroke-width="18"/>${windows}<rect x="1040" y="90" width="40" height="500" fill="url(#scale)"/><rect y="620" width="${FW}" height="55" fill="#240046"/>`,
      '<linearGradient id="scale" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F9C74F"/><stop offset=".35" stop-color="#F94144"/><stop offset=".7" stop-color="#7209B7"/><stop offset="1" stop-color="#1B1E5A"/></linearGradient>',
    )
  },
  /** A flight arena in a school: a net, gates and small drones taking the course. */
  'figure-training-arena': () => {
    let net = ''
    for (let x = 80; x <= 1120; x += 40) net += `M${x} 60 V560 `
    for (let y = 60; y <= 560; y += 40) net += `M80 ${y} H1120 `
    return figure(
      `<rect width="${FW}" height="${FH}" fill="#E8E3D3"/><rect y="560" width="${FW}" height="115" fill="#C7B299"/><path d="${net}" stroke="#6C757D" stroke-width="1.5" opacity=".45"/><g fill="none" stroke-width="14"><rect x="220" y="300" width="160" height="160" rx="10" stroke="${ORANGE}"/><rect x="560" y="240" width="160" height="160" rx="80" stroke="#2A9D8F"/><rect x="880" y="320" width="160" height="160" rx="10" stroke="${RED}"/></g><path d="M300 620 V460 M640 620 V400 M960 620 V480" stroke="#6B4F3A" stroke-width="10"/><path d="M140 420 C260 360 420 360 500 320 S760 250 880 380 S1060 420 1100 300" fill="none" stroke="${NAVY}" stroke-width="4" stroke-dasharray="12 10"/>${place(500, 320, 0.8, multirotor({ n: 4, rx: 70, ry: 32, paint: YELLOW, payload: 'none' }))}${place(1100, 300, 0.8, multirotor({ n: 4, rx: 70, ry: 32, paint: GREEN, payload: 'none' }))}`,
    )
  },
  /** A forestry map: compartments, the patrol route and a detected hot spot. */
  'figure-forest-route': () => {
    const rnd = random(33)
    const greens = ['#A3B18A', '#90A955', '#588157', '#B5C99A']
    let plots = ''
    for (let y = 40; y < 640; y += 150)
      for (let x = 40; x < 1160; x += 180)
        plots += `<rect x="${x}" y="${y}" width="172" height="142" fill="${greens[Math.floor(rnd() * greens.length)]}"/>`
    return figure(
      `<rect width="${FW}" height="${FH}" fill="${MAP_PAPER}"/>${plots}<path d="M0 520 Q300 470 560 560 T1200 500" stroke="${WATER}" stroke-width="26" fill="none"/><path d="M130 600 L300 130 L620 100 L980 180 L1060 480 L700 560 L130 600" fill="none" stroke="${NAVY}" stroke-width="6" stroke-dasharray="22 12"/><circle cx="820" cy="300" r="60" fill="url(#hot)"/><circle cx="820" cy="300" r="90" fill="none" stroke="${RED}" stroke-width="5"/>${pin(130, 600, 1.4, NAVY)}`,
      HOT,
    )
  },
  /** A delivery route: the district hospital, the river and the village medical post. */
  'figure-delivery-route': () =>
    figure(
      `<rect width="${FW}" height="${FH}" fill="#E4EDD9"/><path d="M520 0 Q440 200 560 340 T520 675 H700 Q620 520 720 340 T680 0z" fill="${WATER}"/><path d="M0 460 H380 Q520 470 540 520 M700 420 Q900 380 1200 400" stroke="#C9B79C" stroke-width="16" fill="none"/>${mapTown(60, 60, 360, 300, 9)}<rect x="160" y="160" width="120" height="90" fill="#fff" stroke="${INK}" stroke-width="4"/><path d="M220 180 V230 M195 205 H245" stroke="${RED}" stroke-width="12"/><rect x="940" y="240" width="90" height="70" fill="#fff" stroke="${INK}" stroke-width="4"/><path d="M985 255 V295 M965 275 H1005" stroke="${RED}" stroke-width="10"/><path d="M280 200 Q620 80 940 270" fill="none" stroke="${NAVY}" stroke-width="6" stroke-dasharray="20 12"/><path d="M280 250 Q520 560 870 610 T1080 330" fill="none" stroke="#868E96" stroke-width="4" stroke-dasharray="6 10"/>${place(610, 150, 0.7, multirotor({ n: 8, rx: 140, ry: 56, paint: SIGNAL, body: 'large', coaxial: true, payload: 'none', cargo: true, propR: 44 }))}`,
    ),
  /** A thermal frame of a line: the insulator string, the wire and one overheated clamp. */
  'figure-clamp-thermal': () => {
    let discs = ''
    for (let i = 0; i < 9; i++)
      discs += `<ellipse cx="560" cy="${80 + i * 34}" rx="46" ry="12" fill="#7209B7" stroke="#9D4EDD" stroke-width="3"/>`
    return figure(
      `<rect width="${FW}" height="${FH}" fill="#1B1E5A"/><path d="M560 0 V80" stroke="#3A0CA3" stroke-width="16"/>${discs}<path d="M0 470 Q560 360 1200 420" fill="none" stroke="#3A0CA3" stroke-width="26"/><circle cx="560" cy="395" r="120" fill="url(#glow)"/><rect x="526" y="370" width="68" height="50" rx="10" fill="#F9C74F"/><rect x="1100" y="90" width="40" height="500" fill="url(#scale)"/><g fill="none" stroke="#fff" stroke-width="4" opacity=".8"><path d="M470 305 h-30 v30 M650 305 h30 v30 M470 485 h-30 v-30 M650 485 h30 v-30"/></g>`,
      '<radialGradient id="glow"><stop offset="0" stop-color="#FFF3B0"/><stop offset=".3" stop-color="#F9C74F"/><stop offset=".6" stop-color="#F94144"/><stop offset="1" stop-color="#F94144" stop-opacity="0"/></radialGradient><linearGradient id="scale" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFF3B0"/><stop offset=".35" stop-color="#F94144"/><stop offset=".7" stop-color="#7209B7"/><stop offset="1" stop-color="#1B1E5A"/></linearGradient>',
    )
  },
  /** Aerial survey planning: overlapping frames along parallel flight lines. */
  'figure-flight-lines': () => {
    let frames = ''
    for (let line = 0; line < 4; line++)
      for (let i = 0; i < 7; i++)
        frames += `<rect x="${170 + i * 120}" y="${110 + line * 120}" width="180" height="150" fill="#fff" opacity=".16" stroke="#fff" stroke-width="2"/>`
    return figure(
      `<rect width="${FW}" height="${FH}" fill="#A3B18A"/><path d="M0 380 Q300 300 600 400 T1200 360 V675 H0z" fill="#90A955"/><path d="M0 560 Q420 520 1200 600" stroke="#C9B79C" stroke-width="22" fill="none"/>${frames}<path d="M200 185 H1060 V305 H200 V425 H1060 V545 H200" fill="none" stroke="${NAVY}" stroke-width="6" stroke-dasharray="22 12"/>${placePlane(1060, 185, 1.2, plane('wing', WHITE), 0)}`,
    )
  },
}

// ── Output ─────────────────────────────────────────────────────────────────────────────────
/** A cover is a whole scene, so it may be larger than a catalogue picture, but stays small. */
const MAX_BYTES = 16 * 1024

mkdirSync(OUT, { recursive: true })
// Ours are the cover-* and figure-* files; others there (the list's placeholder) are left alone.
for (const old of readdirSync(OUT)) if (/^(cover|figure)-/.test(old)) rmSync(join(OUT, old))
const all = { ...COVERS, ...FIGURES }
for (const [name, draw] of Object.entries(all)) {
  const content = draw()
  if (Buffer.byteLength(content) > MAX_BYTES) throw new Error(`media/${name}.svg is over ${MAX_BYTES / 1024} kB`)
  writeFileSync(join(OUT, `${name}.svg`), content)
}
console.log(`${Object.keys(COVERS).length} covers and ${Object.keys(FIGURES).length} figures written to ${OUT}`)
