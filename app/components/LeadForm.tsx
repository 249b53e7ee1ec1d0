import { Alert, Anchor, Button, Checkbox, Grid, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useFetcher } from 'react-router'
import { LEAD_LIMITS, LeadInput, leadFieldErrors } from '#common/leads.ts'
import { PHONE_MASK } from '#common/masks.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { formValues } from '#app/lib/action-result.ts'
import { AppLink } from './AppLink.tsx'
import { MaskedInput } from './MaskedInput.tsx'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'

export interface LeadFormProps {
  title: string
  submitLabel: string
  messagePlaceholder: string
  /** The page the form stands on; the lead remembers it. */
  sourcePath: string
  /** Fresh for each shown form, so that a double submit stores one lead. */
  submissionId: string
  /** The action's answer when the page was posted without JavaScript. */
  actionResult?: ActionResult<{ leadId: string }>
}

/**
 * The application form of the platform pages. Validated in the browser with the same schema the
 * server uses; on any error the typed values stay in place.
 */
export function LeadForm({
  title,
  submitLabel,
  messagePlaceholder,
  sourcePath,
  submissionId,
  actionResult,
}: LeadFormProps) {
  const fetcher = useFetcher<ActionResult<{ leadId: string }>>()
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const [formKey, setFormKey] = useState(submissionId)
  const result = fetcher.data ?? actionResult
  const failure = result && !result.ok ? result : undefined
  const edits = useEditedFields(failure, clientErrors)
  const errors = withoutEdited({ ...(failure?.fieldErrors ?? {}), ...clientErrors }, edits.edited)
  const values = failure?.values ?? {}
  const submitting = fetcher.state !== 'idle'

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = LeadInput.safeParse({ ...formValues(new FormData(event.currentTarget)), sourcePath })
    if (parsed.success) {
      setClientErrors({})
      return
    }
    event.preventDefault()
    setClientErrors(leadFieldErrors(parsed.error))
  }

  if (result?.ok) {
    return (
      <Paper withBorder p="xl" radius="md" id="lead-form">
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="Заявка отправлена" role="status">
          <Text>
            Спасибо! Мы получили вашу заявку № {result.leadId.slice(0, 8).toUpperCase()} и свяжемся с вами в течение
            рабочего дня.
          </Text>
          <Button
            variant="subtle"
            mt="sm"
            onClick={() => {
              fetcher.reset()
              setFormKey(crypto.randomUUID())
            }}
          >
            Отправить ещё одну заявку
          </Button>
        </Alert>
      </Paper>
    )
  }

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      id="lead-form"
      component="section"
      aria-labelledby="lead-form-title"
    >
      <Title order={2} id="lead-form-title" mb="md">
        {title}
      </Title>
      <fetcher.Form method="post" noValidate onSubmit={validate} onChange={edits.onEdit} key={formKey}>
        <input type="hidden" name="submissionId" value={formKey} />
        <Stack gap="md">
          {failure && !Object.keys(failure.fieldErrors).length && (
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="name"
                label="Как к вам обращаться"
                autoComplete="name"
                required
                maxLength={LEAD_LIMITS.name}
                defaultValue={values.name}
                error={errors.name}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="organization"
                label="Организация"
                autoComplete="organization"
                maxLength={LEAD_LIMITS.organization}
                defaultValue={values.organization}
                error={errors.organization}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MaskedInput
                name="phone"
                label="Телефон"
                mask={PHONE_MASK}
                autoComplete="tel"
                inputMode="tel"
                required
                defaultValue={values.phone}
                error={errors.phone}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="email"
                type="email"
                label="Электронная почта"
                autoComplete="email"
                required
                maxLength={LEAD_LIMITS.email}
                defaultValue={values.email}
                error={errors.email}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            name="message"
            label="Сообщение"
            placeholder={messagePlaceholder}
            required
            autosize
            minRows={4}
            maxLength={LEAD_LIMITS.message}
            defaultValue={values.message}
            error={errors.message}
          />
          <Checkbox
            name="consent"
            defaultChecked={values.consent === 'on'}
            error={errors.consent}
            label={
              <>
                Я даю{' '}
                <Anchor component={AppLink} to="/legal-information/personal-data-processing-agreement" target="_blank">
                  согласие на обработку персональных данных
                </Anchor>{' '}
                и принимаю{' '}
                <Anchor component={AppLink} to="/legal-information/privacy-policy" target="_blank">
                  политику обработки персональных данных
                </Anchor>
              </>
            }
          />
          <div>
            <Button type="submit" size="md" loading={submitting}>
              {submitLabel}
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
    </Paper>
  )
}
