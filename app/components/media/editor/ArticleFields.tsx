import { Anchor, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core'
import {
  ARTICLE_LIMITS,
  ARTICLE_RUBRIC_LABELS,
  ARTICLE_RUBRICS,
  type ArticleRubric,
} from '#common/media/article-constants.ts'
import { type ArticleFormState, suggestSlug } from './article-form.ts'
import { formatCount } from '#common/format.ts'
import { TAGS_UP_TO } from '#common/counted-words.ts'

const RUBRIC_OPTIONS = ARTICLE_RUBRICS.map((value) => ({ value, label: ARTICLE_RUBRIC_LABELS[value] }))

type Set = <K extends keyof ArticleFormState>(key: K, value: ArticleFormState[K]) => void

/** The article's heading part: title, address, lead, rubric, tags and author. */
export function ArticleMainFields({
  state,
  set,
  errors,
}: {
  state: ArticleFormState
  set: Set
  errors: Record<string, string>
}) {
  const suggestion = suggestSlug(state.title)
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="main-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="main-title">
          Заголовок и анонс
        </Title>
        <TextInput
          label="Заголовок"
          withAsterisk
          placeholder="Как зарегистрировать дрон в 2026 году"
          value={state.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          maxLength={ARTICLE_LIMITS.titleMax}
          error={errors.title}
        />
        <Stack gap={4}>
          <TextInput
            label="Адрес статьи"
            description={`Латинские строчные буквы, цифры и дефисы: /media/${state.slug || suggestion || '…'}`}
            placeholder={suggestion || 'kak-zaregistrirovat-dron'}
            value={state.slug}
            onChange={(event) => set('slug', event.currentTarget.value.toLowerCase())}
            maxLength={ARTICLE_LIMITS.slugMax}
            error={errors.slug}
            autoCapitalize="none"
            spellCheck={false}
          />
          {suggestion && suggestion !== state.slug && (
            <Text size="xs">
              Предлагаем по заголовку:{' '}
              <Anchor
                component="button"
                type="button"
                size="xs"
                underline="always"
                onClick={() => set('slug', suggestion)}
              >
                {suggestion}
              </Anchor>
            </Text>
          )}
        </Stack>
        <Textarea
          label="Лид"
          description="Одно-два предложения под заголовком и в карточке статьи"
          autosize
          minRows={2}
          value={state.lead}
          onChange={(event) => set('lead', event.currentTarget.value)}
          maxLength={ARTICLE_LIMITS.leadMax}
          error={errors.lead}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Рубрика"
            withAsterisk
            placeholder="Выберите рубрику"
            data={RUBRIC_OPTIONS}
            value={state.rubric || null}
            onChange={(value) => set('rubric', (value ?? '') as ArticleRubric | '')}
            allowDeselect={false}
            error={errors.rubric}
          />
          <TextInput
            label="Автор"
            placeholder="Редакция БАС Маркет"
            value={state.authorName}
            onChange={(event) => set('authorName', event.currentTarget.value)}
            maxLength={120}
            error={errors.authorName}
          />
        </SimpleGrid>
        <TagsInput
          label="Теги"
          description={`До ${formatCount(ARTICLE_LIMITS.tagsMax, TAGS_UP_TO)}; Enter или запятая добавляет тег`}
          placeholder={state.tags.length ? undefined : 'Например, ОрВД'}
          value={state.tags}
          onChange={(tags) => set('tags', tags)}
          maxTags={ARTICLE_LIMITS.tagsMax}
          splitChars={[',']}
          clearable
          error={errors.tags}
        />
      </Stack>
    </Paper>
  )
}

/** The title and description search engines and previews in messengers show. */
export function ArticleSeoFields({
  state,
  set,
  errors,
}: {
  state: ArticleFormState
  set: Set
  errors: Record<string, string>
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="seo-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="seo-title">
          Для поисковиков
        </Title>
        <TextInput
          label="Заголовок для поиска"
          description={`Если пусто — заголовок статьи. ${state.seoTitle.length} из ${ARTICLE_LIMITS.seoTitleMax}`}
          value={state.seoTitle}
          onChange={(event) => set('seoTitle', event.currentTarget.value)}
          maxLength={ARTICLE_LIMITS.seoTitleMax}
          error={errors.seoTitle}
        />
        <Textarea
          label="Описание для поиска"
          description={`Если пусто — лид. ${state.seoDescription.length} из ${ARTICLE_LIMITS.seoDescriptionMax}`}
          autosize
          minRows={2}
          value={state.seoDescription}
          onChange={(event) => set('seoDescription', event.currentTarget.value)}
          maxLength={ARTICLE_LIMITS.seoDescriptionMax}
          error={errors.seoDescription}
        />
      </Stack>
    </Paper>
  )
}
