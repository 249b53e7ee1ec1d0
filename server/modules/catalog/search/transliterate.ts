/**
 * Russian ⇄ Latin spelling of search words (decision 017). Buyers type Latin brands and models
 * as they hear them («мавик», «матрис», «дджи») and Russian names in Latin letters («geoskan»).
 * Two tools serve that:
 *
 * - `toLatin` and `toCyrillic` write a word in the other alphabet as a person would, so that
 *   pg_trgm can find the catalogue word closest to that spelling (a typo and the other alphabet
 *   at once: «матрикс» → «matriks» → Matrice).
 * - `spellingKey` reduces a word of either alphabet to one phonetic skeleton in Latin letters, so
 *   spellings that sound alike meet: «мавик» and «Mavic» are both `mavik`, «матрис» and
 *   «Matrice» both `matris`, «дджи» and «DJI» both `dzhi`. The catalogue keeps the keys of its
 *   words (title-words.ts); a word with no match in its own alphabet is looked up by its key.
 *
 * Words here are lower-case runs of letters and digits (`wordsOf`); anything else passes through.
 */

export type Script = 'cyrillic' | 'latin'

const CYRILLIC = /[а-яё]/
const LATIN = /[a-z]/

/** The alphabet of a lower-case word: null for digits only, or for letters of both alphabets. */
export function scriptOf(word: string): Script | null {
  const cyrillic = CYRILLIC.test(word)
  const latin = LATIN.test(word)
  return cyrillic === latin ? null : cyrillic ? 'cyrillic' : 'latin'
}

/** As in Russian passports (ICAO Doc 9303), the usual Latin spelling of Russian words. */
// prettier-ignore
const TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}

/** «геоскан» → «geoskan», «мавик» → «mavik»; Latin letters and digits stay. */
export function toLatin(word: string): string {
  let out = ''
  for (const ch of word.toLowerCase()) out += TO_LATIN[ch] ?? ch
  return out
}

/** The word written in the other alphabet; null for digits only, or letters of both alphabets. */
export function inOtherScript(word: string): string | null {
  const script = scriptOf(word)
  return script === 'cyrillic' ? toLatin(word) : script === 'latin' ? toCyrillic(word) : null
}

/** Latin letter groups as Russian writes them, longest first (read left to right). */
const TO_CYRILLIC: [string, string][] = [
  ['shch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['ck', 'к'],
  ['qu', 'кв'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['yo', 'ё'],
  ['ye', 'е'],
  ['ee', 'и'],
  ['oo', 'у'],
]
// prettier-ignore
const LATIN_LETTERS: Record<string, string> = {
  a: 'а', b: 'б', d: 'д', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'дж', k: 'к', l: 'л', m: 'м',
  n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', z: 'з',
}
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y'])

/** «geoskan» → «геоскан», «mavic» → «мавик», «evo» → «эво»; Cyrillic letters and digits stay. */
export function toCyrillic(word: string): string {
  const s = word.toLowerCase()
  let out = ''
  for (let i = 0; i < s.length;) {
    const group = TO_CYRILLIC.find(([latin]) => s.startsWith(latin, i))
    if (group) {
      out += group[1]
      i += group[0].length
      continue
    }
    const ch = s[i]!
    const next = s[i + 1] ?? ''
    const afterVowel = i > 0 && VOWELS.has(s[i - 1]!)
    // «c» sounds «с» before e, i and y (matrice), «к» elsewhere (mavic).
    if (ch === 'c') out += next !== '' && 'eiy'.includes(next) ? 'с' : 'к'
    // «e» opening a syllable is «э» (evo, aero); after a consonant, «е» (geoskan).
    else if (ch === 'e') out += i === 0 || afterVowel ? 'э' : 'е'
    // «y» after a vowel is «й» (boy); elsewhere «и» (gyro).
    else if (ch === 'y') out += afterVowel ? 'й' : 'и'
    else out += LATIN_LETTERS[ch] ?? ch
    i++
  }
  return out
}

/**
 * Latin spellings of one sound, made one, in this order (ph before h, ck before c…). They apply
 * to the Latin letters before the Russian ones become Latin, so «кх» or «тх» are left alone.
 */
const LATIN_KEY_RULES: [RegExp, string][] = [
  [/shch|sch/g, 'sh'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/kh/g, 'h'],
  [/ck/g, 'k'],
  [/qu/g, 'kv'],
  [/q/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/j/g, 'dzh'],
  [/oo/g, 'u'],
  [/ee/g, 'i'],
  // «c» is «s» before e, i and y (Matrice), «k» elsewhere (Mavic, Supercam); «ch» stays.
  [/c(?=[eiy])/g, 's'],
  [/c(?!h)/g, 'k'],
  [/y/g, 'i'],
]

/**
 * Russian letters in the key's Latin: one letter per sound where the passport spelling has
 * several (й, ы and и are all `i`, as Latin «y» is; х is `h`, as Latin «kh» is).
 */
const KEY_LATIN: Record<string, string> = { ...TO_LATIN, й: 'i', ы: 'i', х: 'h', щ: 'sh', ю: 'iu', я: 'ia' }

/** Then, for both alphabets alike: */
const KEY_RULES: [RegExp, string][] = [
  // a silent final «e» after a consonant (Matrice, Phase), in «поле» as in «pole»;
  [/(?<=[a-z][b-df-hj-np-tv-z])e$/, ''],
  // doubled letters sound once (Parrot, «дджи»).
  [/([a-z])\1+/g, '$1'],
]

/**
 * The phonetic skeleton of a word of either alphabet, in Latin letters: words that sound alike
 * get the same key («мавик», «mavic» → `mavik`; «матрис», «matrice» → `matris`; «дджи», «dji» →
 * `dzhi`; «суперкам», «supercam» → `superkam`; «геоскан», «geoskan» → `geoskan`).
 */
export function spellingKey(word: string): string {
  let key = word.toLowerCase()
  for (const [pattern, replacement] of LATIN_KEY_RULES) key = key.replace(pattern, replacement)
  let latin = ''
  for (const ch of key) latin += KEY_LATIN[ch] ?? ch
  for (const [pattern, replacement] of KEY_RULES) latin = latin.replace(pattern, replacement)
  return latin
}

/** How Russian speakers name the Latin letters, for abbreviations said letter by letter. */
// prettier-ignore
const LETTER_NAMES: Record<string, string[]> = {
  a: ['эй'], b: ['би'], c: ['си'], d: ['ди'], e: ['и'], f: ['эф'], g: ['джи'], h: ['эйч'],
  i: ['ай'], j: ['джей', 'джи'], k: ['кей'], l: ['эл'], m: ['эм'], n: ['эн'], o: ['оу', 'о'],
  p: ['пи'], q: ['кью'], r: ['ар'], s: ['эс'], t: ['ти'], u: ['ю'], v: ['ви'], w: ['даблю'],
  x: ['экс'], y: ['уай'], z: ['зед', 'зи'],
}
const MAX_SPELLED_KEYS = 4

/**
 * The keys a catalogue word answers to: its `spellingKey`, and for a short Latin word (an
 * abbreviation such as DJI, RTK) the keys of saying it letter by letter («диджиай», «диджейай»).
 */
export function spellingKeys(word: string): string[] {
  const keys = new Set([spellingKey(word)])
  if (/^[a-z]{2,4}$/.test(word)) {
    let spelled = ['']
    for (const letter of word)
      spelled = spelled.flatMap((s) => LETTER_NAMES[letter]!.map((name) => s + name)).slice(0, MAX_SPELLED_KEYS)
    for (const s of spelled) keys.add(spellingKey(s))
  }
  return [...keys]
}

/** Russian noun and adjective endings, longest first, that a search word may carry («мавиком»). */
// prettier-ignore
const RUSSIAN_ENDINGS = [
  'ами', 'ями', 'ого', 'его', 'ом', 'ем', 'ой', 'ей', 'ах', 'ях', 'ам', 'ям', 'ов', 'ев',
  'а', 'я', 'у', 'ю', 'е', 'ы', 'и',
]

/**
 * A Cyrillic word without one ending, longest first, each leaving three letters or more: what
 * «мавиком» or «аграсы» are before the Latin word they name is looked for.
 */
export function withoutRussianEnding(word: string): string[] {
  if (scriptOf(word) !== 'cyrillic') return []
  return RUSSIAN_ENDINGS.filter((e) => word.endsWith(e) && word.length - e.length >= 3).map((e) =>
    word.slice(0, -e.length),
  )
}
