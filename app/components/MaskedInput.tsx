import { InputBase, type InputBaseProps } from '@mantine/core'
import type { ComponentProps, ForwardRefExoticComponent, RefAttributes } from 'react'
import { IMaskInput } from 'react-imask'
import type { Definitions } from 'imask'
import { MASK_DEFINITIONS, prepareChunk } from '#common/masks.ts'

type NativeProps = Pick<
  ComponentProps<'input'>,
  'name' | 'id' | 'placeholder' | 'autoComplete' | 'inputMode' | 'defaultValue' | 'onBlur' | 'readOnly'
>

interface PatternInputProps extends NativeProps {
  mask: string
  definitions: Definitions
  prepare?: (chunk: string, masked: { unmaskedValue: string }) => string
  lazy?: boolean
  unmask?: boolean
  value?: string
  onAccept?: (value: string) => void
}

// react-imask types its props as a union over every kind of mask (number, date, regexp…), which
// Mantine's polymorphic `component` prop cannot narrow; we only ever pass string patterns.
const PatternInput = IMaskInput as unknown as ForwardRefExoticComponent<
  PatternInputProps & RefAttributes<HTMLInputElement>
>

export interface MaskedInputProps
  extends
    NativeProps,
    Pick<
      InputBaseProps,
      'label' | 'error' | 'description' | 'required' | 'disabled' | 'leftSection' | 'rightSection' | 'size'
    > {
  /** A mask of `#common/masks.ts`, e.g. PHONE_MASK; `0` digit, `a` letter, `*` letter or digit. */
  mask: string
  /** Controlled value; leave it out and use `defaultValue` + `name` for a plain form post. */
  value?: string
  /** Called with the formatted value, or the bare characters when `unmask` is set. */
  onAccept?: (value: string) => void
  unmask?: boolean
}

/** A Mantine text input that formats as the user types; the mask lives in imask, the look in Mantine. */
export function MaskedInput({ mask, unmask = false, ...rest }: MaskedInputProps) {
  return (
    <InputBase
      component={PatternInput}
      mask={mask}
      definitions={MASK_DEFINITIONS}
      prepare={prepareChunk(mask)}
      unmask={unmask}
      // lazy: no placeholder underscores until typed, so an empty field still shows `placeholder`.
      lazy
      {...rest}
    />
  )
}
