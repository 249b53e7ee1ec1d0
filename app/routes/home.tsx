import { Box, Container, Stack, Text, Title } from '@mantine/core'
import { SearchForm } from '#app/components/site/SearchForm.tsx'
import { PLATFORM } from '#content/company.ts'

export default function Home() {
  return (
    <Box bg="navy.9" c="white" py={64}>
      <Container size="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>{PLATFORM.tagline}</Title>
          <Text size="lg">Беспилотники, полезная нагрузка и услуги для бизнеса и госзаказчиков.</Text>
          <SearchForm id="hero-search" />
        </Stack>
      </Container>
    </Box>
  )
}
