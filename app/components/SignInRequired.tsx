import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useEffect } from 'react'
import { openAuthModal } from '#app/lib/auth-modal.ts'

/**
 * What a page for signed-in users shows a guest: its title, what signing in gives, and the sign-in
 * modal, opened at once (spec section 4) and again from the button.
 */
export function SignInRequired({ title, text }: { title: string; text: string }) {
  useEffect(() => openAuthModal('signIn'), [])
  return (
    <Paper withBorder p="xl" maw={520} mx="auto" ta="center">
      <Stack align="center">
        <IconLock size={40} aria-hidden="true" />
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button onClick={() => openAuthModal('signIn')}>Войти</Button>
      </Stack>
    </Paper>
  )
}
