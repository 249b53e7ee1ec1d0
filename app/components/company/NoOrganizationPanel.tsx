import { Anchor, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from './company-ui.ts'

/**
 * In place of an account page whose records belong to an organization (orders, documents) when
 * the user works for none: why, and the way to the company page to choose or register one.
 */
export function NoOrganizationPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl">
      <Stack gap="md" align="start">
        <Text maw={640}>{children}</Text>
        <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
          Перейти к компании
        </Anchor>
      </Stack>
    </Paper>
  )
}
