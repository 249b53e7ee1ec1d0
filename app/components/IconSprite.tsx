import { type Icon, IconScale, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react'
import classes from './IconSprite.module.css'

/**
 * The icons a page repeats once per product (a catalogue page draws «В корзину» and «Добавить к
 * сравнению» 24 times each): drawn once, in the sprite every page carries, and referenced by each
 * copy. Inline, a copy cost about 450 bytes of markup and a dozen elements to render.
 */
const SPRITE = { scale: IconScale, 'shopping-cart-plus': IconShoppingCartPlus, trash: IconTrash } satisfies Record<
  string,
  Icon
>

export type SpriteIconName = keyof typeof SPRITE

const symbolId = (name: SpriteIconName) => `icon-${name}`

/** The symbols, once per page (the site shell renders it). */
export function IconSprite() {
  return (
    <svg className={classes.sprite} aria-hidden="true">
      {Object.entries(SPRITE).map(([name, Drawn]) => (
        <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox="0 0 24 24">
          <Drawn size={24} />
        </symbol>
      ))}
    </svg>
  )
}

/** A sprite icon, decorative: the control it sits in carries the words. */
export function SpriteIcon({ name, size }: { name: SpriteIconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`#${symbolId(name)}`} />
    </svg>
  )
}
