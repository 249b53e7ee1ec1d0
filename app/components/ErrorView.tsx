import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { ANALYTICS_GOALS, MESSAGES } from '#common/messages.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { AppLink } from './AppLink.tsx'

const DESCRIPTIONS: Record<number, string> = {
  403: MESSAGES.forbiddenDescription,
  404: MESSAGES.notFoundDescription,
}

/** The spec's error page: heading, a description for 403 and 404 only, two ways out. */
export function ErrorView({ statusCode }: { statusCode: number }) {
  useEffect(() => {
    reachGoal(ANALYTICS_GOALS.error404, { statusCode, path: window.location.pathname })
  }, [statusCode])

  const description = DESCRIPTIONS[statusCode]
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg" ta="center">
        <Title order={1}>{MESSAGES.errorHeading(statusCode)}</Title>
        {description && (
          <Text size="lg" c="dimmed">
            {description}
          </Text>
        )}
        <Group justify="center">
          <Button component={AppLink} to={CATALOG_PATH} size="md">
            {MESSAGES.goToCatalog}
          </Button>
          <Button component={AppLink} to="/" variant="default" size="md">
            {MESSAGES.goHome}
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
