import { IconStarFilled } from '@tabler/icons-react'
import { useId, useState } from 'react'
import classes from './rating.module.css'

const STARS = [1, 2, 3, 4, 5] as const

/**
 * A rating from 1 to 5 as five radios («1 из 5» … «5 из 5») whose labels are stars: a click on a
 * star, the arrows and Space choose, as with any radio group; the stars up to the hovered or
 * chosen one are filled.
 */
export function RatingField({
  value,
  onChange,
  name,
  error,
}: {
  value: number
  onChange: (value: number) => void
  name: string
  error?: string
}) {
  const id = useId()
  const [hovered, setHovered] = useState<number | null>(null)
  const shown = hovered ?? value
  const errorId = `${id}-error`
  return (
    <fieldset className={classes.group} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>Оценка от 1 до 5</legend>
      <span className={classes.stars} onMouseLeave={() => setHovered(null)}>
        {STARS.map((n) => (
          <span key={n}>
            <input
              className={classes.radio}
              type="radio"
              id={`${id}-${n}`}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} из 5`}
            />
            <label
              htmlFor={`${id}-${n}`}
              className={`${classes.star} ${n <= shown ? classes.on : ''}`}
              onMouseEnter={() => setHovered(n)}
            >
              <IconStarFilled size={26} aria-hidden="true" />
            </label>
          </span>
        ))}
      </span>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
