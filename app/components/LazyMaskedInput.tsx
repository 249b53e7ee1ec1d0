import { TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { MaskedInputProps } from './MaskedInput.tsx'

const MaskedInput = lazy(() => import('./MaskedInput.tsx').then((m) => ({ default: m.MaskedInput })))

/**
 * MaskedInput for a page that must answer before the mask library (imask, 17 kB gzip) has
 * loaded: the server renders the masked field; in the browser it stays plain HTML, already
 * typeable, until the library arrives and it hydrates (a plain text input stands in if React
 * renders it afresh meanwhile).
 */
export function LazyMaskedInput(props: MaskedInputProps) {
  const { mask: _mask, unmask: _unmask, onAccept: _onAccept, value, defaultValue, ...plain } = props
  return (
    <Suspense fallback={<TextInput {...plain} defaultValue={value ?? defaultValue} />}>
      <MaskedInput {...props} />
    </Suspense>
  )
}
