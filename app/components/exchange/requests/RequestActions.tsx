import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconEdit, IconInfoCircle, IconSend } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { failureOf, type IntentActionState, IntentForm, SubmitButton } from '#app/components/IntentForms.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { exchangeLinks } from '#common/exchange/links.ts'
import { REQUEST_ACTIONS, type RequestAction, type RequestDetails } from '#common/exchange/requests.ts'

/** The customer's moves, and `extend`: a later proposals deadline for an open request. */
export type RequestIntent = RequestAction | 'extend'

export const isRequestIntent = (value: string): value is RequestIntent =>
  value === 'extend' || (REQUEST_ACTIONS as readonly string[]).includes(value)

/** The last answer of the page's action, and which form is being sent now (if any). */
export type RequestActionState = IntentActionState<RequestIntent>

/**
 * The customer's part of its request's page: edit a draft in the form, publish it, stop taking
 * proposals, cancel with a reason; and whom it invited. Nothing for anyone else.
 */
export function RequestActions({ request, state }: { request: RequestDetails; state: RequestActionState }) {
  if (request.viewer !== 'customer') return null
  const { actions } = request
  const publishFailure = failureOf(state, 'publish')
  const closeFailure = failureOf(state, 'close')
  const cancelFailure = failureOf(state, 'cancel')
  const extendFailure = failureOf(state, 'extend')
  return (
    <Stack gap="md">
      {request.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="Заявка отменена" icon={<IconInfoCircle aria-hidden="true" />}>
          {request.cancelReason && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Причина: {request.cancelReason}
            </Text>
          )}
        </Alert>
      )}
      {request.visibility === 'invited' && (
        <Paper withBorder p="md" component="section" aria-labelledby="request-invited-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="request-invited-title">
              Приглашённые исполнители
            </Title>
            {request.invited.length ? (
              <List spacing={2} size="sm">
                {request.invited.map((vendor) => (
                  <List.Item key={vendor.id}>
                    <Anchor component={AppLink} to={`/sellers/${vendor.slug}`} size="sm">
                      {vendor.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                Пока никто не приглашён
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {actions.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="request-actions-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="request-actions-title">
              Действия с заявкой
            </Title>
            <Group gap="sm" wrap="wrap" align="flex-start">
              {request.status === 'draft' && (
                <Button
                  component={AppLink}
                  to={exchangeLinks.newRequest(request.number)}
                  variant="default"
                  leftSection={<IconEdit size={18} aria-hidden="true" />}
                >
                  Изменить черновик
                </Button>
              )}
              {actions.includes('publish') && (
                <IntentForm state={state} intent="publish" label="Опубликовать заявку">
                  <SubmitButton state={state} intent="publish" leftSection={<IconSend size={18} aria-hidden="true" />}>
                    Опубликовать заявку
                  </SubmitButton>
                </IntentForm>
              )}
              {actions.includes('close') && (
                <IntentForm state={state} intent="close" label="Закрыть приём предложений">
                  <SubmitButton state={state} intent="close" variant="default">
                    Закрыть приём предложений
                  </SubmitButton>
                </IntentForm>
              )}
            </Group>
            {publishFailure && (
              <Alert color="red" role="alert" title={publishFailure.message}>
                {Object.keys(publishFailure.fieldErrors).length > 0 && (
                  <Stack gap={4}>
                    <List size="sm" spacing={2}>
                      {Object.values(publishFailure.fieldErrors).map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List>
                    <Anchor component={AppLink} to={exchangeLinks.newRequest(request.number)} size="sm">
                      Исправить в черновике
                    </Anchor>
                  </Stack>
                )}
              </Alert>
            )}
            <FormMessage failure={closeFailure} />
            {request.status === 'open' && (
              <IntentForm state={state} intent="extend" label="Продлить приём предложений">
                <Stack gap="xs">
                  <TextInput
                    type="date"
                    name="proposalsDeadline"
                    label="Приём предложений до"
                    description="Срок можно только продлить, но не дальше начала работ"
                    min={request.proposalsDeadline ?? undefined}
                    max={request.startsOn ?? undefined}
                    defaultValue={extendFailure?.values.proposalsDeadline ?? request.proposalsDeadline ?? ''}
                    error={extendFailure?.fieldErrors.proposalsDeadline}
                    w={{ base: '100%', xs: 260 }}
                  />
                  <FormMessage failure={extendFailure} fields={['proposalsDeadline']} />
                  <div>
                    <SubmitButton state={state} intent="extend" variant="default">
                      Продлить приём предложений
                    </SubmitButton>
                  </div>
                </Stack>
              </IntentForm>
            )}
            {actions.includes('cancel') && (
              <IntentForm state={state} intent="cancel" label="Отменить заявку">
                <Stack gap="xs">
                  <Textarea
                    name="reason"
                    label="Причина отмены"
                    description="Её увидят исполнители, которые уже прислали предложения"
                    autosize
                    minRows={2}
                    maxLength={1000}
                    defaultValue={cancelFailure?.values.reason ?? ''}
                    error={cancelFailure?.fieldErrors.reason}
                  />
                  <FormMessage failure={cancelFailure} fields={['reason']} />
                  <div>
                    <SubmitButton state={state} intent="cancel" variant="danger">
                      Отменить заявку
                    </SubmitButton>
                  </div>
                </Stack>
              </IntentForm>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
