import { Alert, List, Text } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import type { BulkResult } from './products-page.ts'
import { bulkDoneMessage } from './bulk-actions.ts'
import { UNTITLED } from './ProductCard.tsx'

/**
 * What a bulk action did: how many products it took and, for each it could not, the product's
 * title and the reason. Announced to screen readers as it appears.
 */
export function BulkResultMessage({ result }: { result: BulkResult }) {
  if (!result.ok)
    return (
      <Alert color="red" role="alert" py="xs" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
        {result.message}
      </Alert>
    )
  const failed = result.failed.length > 0
  return (
    <Alert
      color={failed ? 'orange' : 'teal'}
      role={failed ? 'alert' : 'status'}
      py="xs"
      icon={
        failed ? <IconAlertCircle size={18} aria-hidden="true" /> : <IconCircleCheck size={18} aria-hidden="true" />
      }
    >
      <Text size="sm" fw={700}>
        {bulkDoneMessage(result.action, result.done)}
      </Text>
      {failed && (
        <>
          <Text size="sm">Не получилось: {result.failed.length}</Text>
          <List size="sm" spacing={4} mt={4}>
            {result.failed.map((f) => (
              <List.Item key={f.id}>
                <Text span size="sm" fw={600}>
                  {f.title.trim() || UNTITLED}
                </Text>
                : {f.message}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  )
}
