import { type KeyboardEvent, useRef, useState } from 'react'
import { AppImage } from '#app/components/AppImage.tsx'
import type { ProductImage } from '#common/catalog/products.ts'
import classes from './product.module.css'

/** The main picture's size in CSS px (4:3); the image service renders 1x and 2x webp. */

/**
 * The product's pictures: a main image and a row of thumbnails that switch it. Thumbnails are
 * buttons (Tab, Enter, Space); the arrow keys, Home and End also move along the row.
 */
export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [index, setIndex] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const current = images[index] ?? images[0]

  if (!current) {
    return (
      <div className={classes.galleryEmpty} role="img" aria-label={`${title}: фото нет`}>
        Фото появится позже
      </div>
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? images.length - 1 : step ? index + step : undefined
    if (target === undefined) return
    event.preventDefault()
    const next = (target + images.length) % images.length
    setIndex(next)
    buttons.current[next]?.focus()
  }

  return (
    <div className={classes.gallery}>
      <div className={classes.galleryMain} data-gallery-main>
        <AppImage
          // A new element per picture: the old one never shows for a moment with the new size.
          key={current.src}
          src={current.src}
          alt={current.alt || title}
          size="productGallery"
          priority
          className={classes.galleryImage}
        />
      </div>
      {images.length > 1 && (
        <ul className={classes.thumbs} aria-label="Фотографии товара" onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                ref={(el) => {
                  buttons.current[i] = el
                }}
                type="button"
                className={classes.thumb}
                aria-pressed={i === index}
                aria-label={`Фото ${i + 1} из ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
                onClick={() => setIndex(i)}
              >
                <AppImage src={image.src} alt="" size="thumb" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
