import {
  type ComponentProps,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from 'react'
import css from './fields.module.css'

/**
 * Form fields as plain elements, for the pages that answer without Mantine (the cart and its
 * checkout): a label, an optional description, the control and its error, tied together with
 * ids so a screen reader reads the description and the error with the control. The look is
 * Mantine's (fields.module.css); the behaviour is the browser's own.
 */

interface FieldProps {
  label: string
  description?: string
  /** Shown under the control, which is then marked invalid. */
  error?: string
  required?: boolean
}

/** The ids of a field's parts, and the attributes its control takes from them. */
function useFieldIds(given: string | undefined, { description, error }: FieldProps) {
  const generated = useId()
  const id = given ?? generated
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  return {
    id,
    descriptionId,
    errorId,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
    },
  }
}

/**
 * A field's frame: its label (a `<label>` for one control, the `<legend>` of a `<fieldset>` for a
 * group), the description, the control or controls, and the error.
 */
function Frame({
  field,
  ids,
  group = false,
  children,
}: {
  field: FieldProps
  ids: ReturnType<typeof useFieldIds>
  /** A group of controls: the fieldset itself is described and marked invalid. */
  group?: boolean
  children: ReactNode
}) {
  const required = field.required && (
    <span className={css.required} aria-hidden="true">
      *
    </span>
  )
  const parts = (
    <>
      {field.description && (
        <p className={css.description} id={ids.descriptionId}>
          {field.description}
        </p>
      )}
      {children}
      {field.error && (
        <p className={css.error} id={ids.errorId}>
          {field.error}
        </p>
      )}
    </>
  )
  if (group) {
    const { id: _id, ...described } = ids.control
    return (
      <fieldset className={css.field} {...described}>
        <legend className={css.label}>
          {field.label}
          {required}
        </legend>
        {parts}
      </fieldset>
    )
  }
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={ids.id}>
        {field.label}
        {required}
      </label>
      {parts}
    </div>
  )
}

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className'>

export function TextField({ label, description, error, required, id, ...input }: TextFieldProps) {
  const field = { label, description, error, required }
  const ids = useFieldIds(id, field)
  return (
    <Frame field={field} ids={ids}>
      <input className={css.input} required={required} {...ids.control} {...input} />
    </Frame>
  )
}

/**
 * A text field formatted as it is typed by a mask of `#common/masks.ts`: plain and typeable from
 * the first paint; the mask library (imask, 17 kB gzip) loads after the page and takes the field
 * over where it stands. The server reads any usual notation, so a value typed before is kept.
 */
export function MaskedTextField({ mask, ...props }: TextFieldProps & { mask: string }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    let destroyed = false
    let masked: { destroy(): void } | undefined
    void Promise.all([import('imask'), import('#common/masks.ts')]).then(([{ default: IMask }, masks]) => {
      if (destroyed || !ref.current) return
      masked = IMask(ref.current, {
        mask,
        definitions: masks.MASK_DEFINITIONS,
        lazy: true,
        prepare: masks.prepareChunk(mask),
      })
    })
    return () => {
      destroyed = true
      masked?.destroy()
    }
  }, [mask])
  return <TextField ref={ref} {...props} />
}

type TextareaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>

/** A multi-line field that grows with its text where the browser can (`field-sizing`). */
export function TextareaField({ label, description, error, required, id, rows = 2, ...textarea }: TextareaFieldProps) {
  const field = { label, description, error, required }
  const ids = useFieldIds(id, field)
  return (
    <Frame field={field} ids={ids}>
      <textarea className={css.input} rows={rows} required={required} {...ids.control} {...textarea} />
    </Frame>
  )
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    options: readonly { value: string; label: string }[]
  }

export function SelectField({ label, description, error, required, id, options, ...select }: SelectFieldProps) {
  const field = { label, description, error, required }
  const ids = useFieldIds(id, field)
  return (
    <Frame field={field} ids={ids}>
      <select className={css.input} required={required} {...ids.control} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  )
}

/** Radio buttons under a legend: one choice of a few, all in view. */
export function RadioGroupField<V extends string>({
  name,
  options,
  value,
  onChange,
  ...field
}: FieldProps & {
  name: string
  options: readonly { value: V; label: string }[]
  value: V
  onChange: (value: V) => void
}) {
  const ids = useFieldIds(undefined, field)
  return (
    <Frame field={field} ids={ids} group>
      <div className={css.options}>
        {options.map((o) => (
          <label key={o.value} className={css.option}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              required={field.required}
            />
            {o.label}
          </label>
        ))}
      </div>
    </Frame>
  )
}

const TONES = { red: css.alertRed, orange: css.alertOrange, gray: css.alertGray, blue: css.alertBlue }

/**
 * A tinted notice (Mantine's light Alert): red for what went wrong, orange for what changed, grey
 * and blue for what the reader should know; an optional title and icon before the text.
 */
export function Notice({
  tone,
  title,
  role,
  icon,
  compact = false,
  children,
}: {
  tone: keyof typeof TONES
  title?: string
  role?: 'alert' | 'status'
  icon?: ReactNode
  /** Less padding above and below: a one-line message under a form. */
  compact?: boolean
  children: ReactNode
}) {
  const body = (
    <>
      {title && <strong className={css.alertTitle}>{title}</strong>}
      <div>{children}</div>
    </>
  )
  return (
    <div className={[css.alert, TONES[tone], compact && css.alertCompact].filter(Boolean).join(' ')} role={role}>
      {icon ? (
        <div className={css.alertWithIcon}>
          <span className={css.alertIcon}>{icon}</span>
          <div>{body}</div>
        </div>
      ) : (
        body
      )}
    </div>
  )
}
