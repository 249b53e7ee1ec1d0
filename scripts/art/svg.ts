/**
 * The drawing primitives of our generated illustrations (scripts/generate-catalog-art.ts,
 * scripts/generate-media-art.ts): flat shapes only, no fonts, and the same output on every run.
 */

export const NAVY = '#0B2545'
export const INK = '#13315C'
export const ORANGE = '#F2A541'

/** One decimal: enough for the eye, and the files stay small. */
export const r = (n: number) => Math.round(n * 10) / 10

/** A small seeded generator, so trees and stars land in the same places on every run. */
export function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** `viewBox` draws a part of a larger scene: a cover drawn on 1600×900 and cropped to its frame. */
export function svgDocument(
  width: number,
  height: number,
  body: string,
  defs = '',
  viewBox = `0 0 ${width} ${height}`,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
}

export const grad = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`

export const FIR = '<path id="fir" d="M0 -46 L13 -20 H7 L19 2 H8 L21 24 H-21 L-8 2 H-19 L-7 -20 H-13z"/>'

/** A row of firs (needs FIR in the defs) spread across `width`. */
export function forest(y: number, count: number, scale: number, colour: string, seed: number, width = 800): string {
  const rnd = random(seed)
  let out = `<g fill="${colour}">`
  for (let i = 0; i < count; i++) {
    const x = r((i / count) * (width + 40) - 20 + rnd() * 20)
    out += `<use href="#fir" transform="translate(${x} ${r(y + rnd() * 14)}) scale(${r(scale * (0.8 + rnd() * 0.4))})"/>`
  }
  return `${out}</g>`
}

export const PYLON =
  '<g id="pylon" fill="none" stroke="#0B2545" stroke-width="4"><path d="M-28 0 L-7 -190 L0 -210 L7 -190 L28 0 M-28 0 L20 -60 L-14 -120 L7 -190 M28 0 L-20 -60 L14 -120 L-7 -190 M-58 -150 H58 M-42 -186 H42"/></g>'

export const HOT = `<radialGradient id="hot"><stop offset="0" stop-color="#FFE66D"/><stop offset=".5" stop-color="#F25F5C"/><stop offset="1" stop-color="#F25F5C" stop-opacity="0"/></radialGradient>`
