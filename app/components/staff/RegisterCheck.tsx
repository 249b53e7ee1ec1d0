import { Alert, Badge, Stack, Table, Text } from '@mantine/core'
import { REGISTER_FIELDS, type RegisterCheck as RegisterCheckView, type RegisterField } from '#common/company-facts.ts'

/**
 * «Сверка с ЕГРЮЛ/ЕГРИП» on a role request: what the organization typed beside what the state
 * register says, a field that differs marked, so staff see a mismatch before reading documents.
 */
export function RegisterCheck({
  check,
  typed,
}: {
  check: RegisterCheckView
  typed: Record<RegisterField, string | null>
}) {
  if (check.state === 'off')
    return (
      <Text size="sm" c="dimmed">
        Сверка с ЕГРЮЛ и ЕГРИП не подключена: сверьте реквизиты с выпиской вручную.
      </Text>
    )
  if (check.state === 'notFound')
    return (
      <Alert color="red" title="ИНН не найден в ЕГРЮЛ и ЕГРИП">
        По данным реестра такой организации или ИП нет: проверьте ИНН и документы.
      </Alert>
    )
  if (check.state === 'unavailable')
    return (
      <Alert color="yellow" title="Реестр не ответил">
        {check.message}
      </Alert>
    )
  const { facts, differences } = check
  return (
    <Stack gap="xs" component="section" aria-label="Сверка с ЕГРЮЛ и ЕГРИП">
      <Text fw={600} size="sm">
        Сверка с ЕГРЮЛ и ЕГРИП{' '}
        {differences.length ? (
          <Badge color="red" variant="light">
            Расхождений: {differences.length}
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            Совпадает
          </Badge>
        )}
      </Text>
      {!facts.active && (
        <Alert color="red" title="Организация не действует">
          По данным реестра организация ликвидируется, ликвидирована или признана банкротом.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Поле</Table.Th>
              <Table.Th scope="col">Указала организация</Table.Th>
              <Table.Th scope="col">По данным реестра</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(Object.keys(REGISTER_FIELDS) as RegisterField[]).map((field) => {
              const differs = differences.includes(field)
              return (
                <Table.Tr key={field} bg={differs ? 'red.0' : undefined} data-differs={differs || undefined}>
                  <Table.Th scope="row">
                    {REGISTER_FIELDS[field]}
                    {differs && (
                      <Badge ml="xs" color="red" size="xs">
                        не совпадает
                      </Badge>
                    )}
                  </Table.Th>
                  <Table.Td>{typed[field] || '—'}</Table.Td>
                  <Table.Td>{facts[field] || '—'}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
