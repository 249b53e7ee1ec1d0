import { Anchor, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { ContentSection } from '#content/types.ts'
import { RichText } from './RichText.tsx'

/** Long content: a table of contents linking to anchored sections, each with its h2. */
export function SectionedArticle({
  sections,
  tocTitle = 'Содержание',
}: {
  sections: ContentSection[]
  tocTitle?: string
}) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }} className="no-print">
        <Paper component="nav" aria-label={tocTitle} withBorder p="md" style={{ position: 'sticky', top: 96 }}>
          <Text fw={700} mb="xs">
            {tocTitle}
          </Text>
          <Stack gap={6}>
            {sections.map((section) => (
              <Anchor key={section.id} href={`#${section.id}`} size="sm">
                {section.title}
              </Anchor>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="xl" maw={860}>
          {sections.map((section) => (
            <Box component="section" key={section.id} aria-labelledby={section.id} style={{ scrollMarginTop: 96 }}>
              <Title order={2} id={section.id} mb="sm" style={{ scrollMarginTop: 96 }}>
                {section.title}
              </Title>
              <RichText html={section.html} />
            </Box>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
