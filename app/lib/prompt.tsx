import { Button, Group, TextInput } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useState, type FormEvent, type ReactNode } from 'react'
import { MESSAGES } from '#common/messages.ts'

export interface PromptOptions {
  title: ReactNode
  label: ReactNode
  initialValue?: string
  /** `false` shows `invalidMessage`; a string is shown as the error itself. */
  validate?: (value: string) => boolean | string
  invalidMessage?: string
  confirmLabel?: string
  cancelLabel?: string
}

interface PromptFormProps extends Required<Omit<PromptOptions, 'title' | 'validate' | 'initialValue'>> {
  initialValue: string
  validate?: PromptOptions['validate']
  onSubmit: (value: string) => void
  onCancel: () => void
}

function PromptForm({
  label,
  initialValue,
  validate,
  invalidMessage,
  confirmLabel,
  cancelLabel,
  ...on
}: PromptFormProps) {
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState<string | null>(null)

  // A form element, so Enter in the field submits the same way as the button.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const verdict = validate ? validate(value) : true
    if (verdict === true) on.onSubmit(value)
    else setError(typeof verdict === 'string' ? verdict : invalidMessage)
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={label}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value)
          setError(null)
        }}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={on.onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit">{confirmLabel}</Button>
      </Group>
    </form>
  )
}

/** A small text prompt in a modal (spec section 5); resolves the value, or null when dismissed. */
export function openPrompt(options: PromptOptions): Promise<string | null> {
  return new Promise((resolve) => {
    // A promise settles once, so the onClose that follows a submit cannot overwrite the value.
    const modalId: string = modals.open({
      title: options.title,
      onClose: () => resolve(null),
      children: (
        <PromptForm
          label={options.label}
          initialValue={options.initialValue ?? ''}
          validate={options.validate}
          invalidMessage={options.invalidMessage ?? MESSAGES.invalidInputDefault}
          confirmLabel={options.confirmLabel ?? 'Сохранить'}
          cancelLabel={options.cancelLabel ?? 'Отмена'}
          onSubmit={(value) => {
            resolve(value)
            modals.close(modalId)
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    })
  })
}
