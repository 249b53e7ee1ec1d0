import { Badge, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconCertificate,
  IconClipboardCheck,
  IconHeartHandshake,
  IconPlaneDeparture,
  IconSchool,
  IconShieldCheck,
  IconTool,
} from '@tabler/icons-react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { SearchForm } from '#app/components/site/SearchForm.tsx'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { PLATFORM } from '#content/company.ts'
import { PLATFORM_SERVICES, type PlatformServiceIcon } from '#content/platforms/index.ts'
import { SPHERES } from '#content/spheres/index.ts'
import type { Route } from './+types/home'
import classes from './home.module.css'

const SERVICE_ICONS: Record<PlatformServiceIcon, typeof IconTool> = {
  repair: IconTool,
  education: IconSchool,
  insurance: IconShieldCheck,
  cooperation: IconHeartHandshake,
  registration: IconClipboardCheck,
  permission: IconPlaneDeparture,
}

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig } = getAppContext(context)
  return {
    spheres: SPHERES.map(({ slug, shortTitle, summary, image, imageAlt }) => ({
      slug,
      shortTitle,
      summary,
      image,
      imageAlt,
    })),
    services: PLATFORM_SERVICES,
    seo: buildSeo(publicConfig.publicUrl, {
      title: `${PLATFORM.brand} — ${PLATFORM.tagline.toLowerCase()}`,
      description:
        'Беспилотники, полезная нагрузка и услуги для агрохолдингов, энергетиков, строителей, МЧС и науки: каталог с фильтрами по отраслям, проверенные поставщики, биржа услуг.',
      path: '/',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Home({ loaderData }: Route.ComponentProps) {
  const { spheres, services } = loaderData
  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 40, sm: 72 }}>
          <Stack gap="lg" maw={760}>
            <Badge color="accent" variant="filled" size="lg" w="fit-content">
              B2B-маркетплейс
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              {PLATFORM.tagline}
            </Title>
            <Text size="lg" className={classes.heroLead}>
              Дроны, полезная нагрузка, комплектующие и услуги от проверенных поставщиков — для агрохолдингов,
              энергетиков, строителей, служб безопасности и науки.
            </Text>
            <SearchForm id="hero-search" />
            <Group>
              <Button component={AppLink} to={CATALOG_PATH} color="accent" size="md">
                Открыть каталог
              </Button>
              <Button component={AppLink} to="/platforms" variant="white" color="navy" size="md">
                Сервисы платформы
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="xl" py={56} component="section" aria-labelledby="spheres-title">
        <Title order={2} id="spheres-title" mb="xs">
          Беспилотники для вашей отрасли
        </Title>
        <Text c="dimmed" mb="lg">
          Задачи, подходящие типы дронов и полезной нагрузки, требования регулирования — по сферам применения.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
          {spheres.map((sphere) => (
            <Card
              key={sphere.slug}
              component={AppLink}
              to={`/spheres/${sphere.slug}`}
              withBorder
              padding="md"
              className={classes.tile}
            >
              <Card.Section>
                <AppImage src={sphere.image} alt="" width={380} height={200} />
              </Card.Section>
              <Text fw={700} mt="sm">
                {sphere.shortTitle}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={3}>
                {sphere.summary}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.0" component="section" aria-labelledby="services-title">
        <Container size="xl" py={56}>
          <Title order={2} id="services-title" mb="lg">
            Сервисы платформы
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {services.map((service) => {
              const Icon = SERVICE_ICONS[service.icon]
              return (
                <Card
                  key={service.path}
                  component={AppLink}
                  to={service.path}
                  withBorder
                  padding="lg"
                  className={classes.tile}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon size={44} radius="md" color="navy" variant="light">
                      <Icon size={24} aria-hidden="true" />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{service.title}</Text>
                      <Text size="sm" c="dimmed">
                        {service.summary}
                      </Text>
                    </div>
                  </Group>
                </Card>
              )
            })}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py={56} component="section" aria-label="Покупателям и продавцам">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card padding="xl" radius="md" bg="navy.9" c="white">
            <ThemeIcon size={48} color="accent" radius="md" mb="md">
              <IconCertificate size={26} aria-hidden="true" />
            </ThemeIcon>
            <Title order={2} size="h3" c="white">
              Покупателям
            </Title>
            <Text mt="xs" mb="lg">
              Сравнивайте характеристики, задавайте вопросы продавцам в чате, оформляйте заказы от имени организации и
              размещайте заявки на услуги.
            </Text>
            <Button component={AppLink} to="/for-customers" color="accent" w="fit-content">
              Как покупать
            </Button>
          </Card>
          <Card padding="xl" radius="md" withBorder>
            <ThemeIcon size={48} color="navy" radius="md" mb="md">
              <IconHeartHandshake size={26} aria-hidden="true" />
            </ThemeIcon>
            <Title order={2} size="h3">
              Продавцам
            </Title>
            <Text mt="xs" mb="lg" c="dimmed">
              Производители, дистрибьюторы и сервисные компании получают заказы от предприятий и госзаказчиков.
              Подключение и размещение товаров на старте — бесплатно.
            </Text>
            <Button component={AppLink} to="/for-sellers" w="fit-content">
              Стать поставщиком
            </Button>
          </Card>
        </SimpleGrid>
      </Container>
    </>
  )
}
