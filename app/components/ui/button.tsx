import type { ReactNode } from 'react'
import ui from './ui.module.css'

export type ButtonVariant = 'filled' | 'accent' | 'default' | 'white' | 'outline' | 'light' | 'subtle' | 'danger'
export type ButtonSize = 'xs' | 'sm' | 'md'

const VARIANTS: Record<ButtonVariant, string | undefined> = {
  filled: undefined,
  accent: ui.accent,
  default: ui.default,
  white: ui.white,
  outline: ui.outline,
  light: ui.light,
  subtle: ui.subtle,
  danger: ui.danger,
}
const SIZES: Record<ButtonSize, string | undefined> = { xs: ui.buttonXs, sm: undefined, md: ui.buttonMd }

/**
 * The classes of a link or button that looks like Mantine's Button (filled navy, size sm by
 * default). `left`/`right` say there is an icon on that side (ButtonContent), which narrows the
 * padding there. The focus ring and the press effect are Mantine's global classes.
 */
export function buttonClass({
  variant = 'filled',
  size = 'sm',
  left = false,
  right = false,
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  left?: boolean
  right?: boolean
  className?: string
} = {}): string {
  return [
    'mantine-focus-auto mantine-active',
    ui.button,
    VARIANTS[variant],
    SIZES[size],
    left && ui.withLeft,
    right && ui.withRight,
    className,
  ]
    .filter(Boolean)
    .join(' ')
}

/** A button's content: the label, with an icon before or after it. */
export function ButtonContent({ left, right, children }: { left?: ReactNode; right?: ReactNode; children: ReactNode }) {
  return (
    <span className={ui.buttonInner}>
      {left && <span className={ui.buttonSection}>{left}</span>}
      <span className={ui.buttonLabel}>{children}</span>
      {right && <span className={ui.buttonSection}>{right}</span>}
    </span>
  )
}

/** A spinner for what is loading (a file being uploaded, a form being sent). */
export const ButtonSpinner = () => <span className={ui.spinner} aria-hidden="true" />

/**
 * A form's submit button that spins while its form is sent (`busy`) and waits while anything
 * else is (`disabled`); the spinner takes the icon's place.
 */
export function SubmitButtonView({
  busy,
  disabled = false,
  variant,
  leftSection,
  fullWidth = false,
  children,
}: {
  busy: boolean
  disabled?: boolean
  variant?: ButtonVariant
  leftSection?: ReactNode
  fullWidth?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      className={buttonClass({ variant, left: busy || leftSection !== undefined })}
      style={fullWidth ? { width: '100%' } : undefined}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      <ButtonContent left={busy ? <ButtonSpinner /> : leftSection}>{children}</ButtonContent>
    </button>
  )
}
