import { Alert, Paper, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled card of the profile page; `id` names it for screen readers. */
export function ProfileSection(props: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} radius="md" aria-labelledby={props.id}>
      <Title order={2} size="h3" id={props.id} mb={props.lead ? 4 : 'md'}>
        {props.title}
      </Title>
      {props.lead && (
        <Text size="sm" c="dimmed" mb="md">
          {props.lead}
        </Text>
      )}
      {props.children}
    </Paper>
  )
}

/** A refusal that belongs to no single field. */
export function SectionAlert({ message }: { message: string }) {
  if (!message) return null
  return (
    <Alert color="red" role="alert" mb="md">
      {message}
    </Alert>
  )
}
