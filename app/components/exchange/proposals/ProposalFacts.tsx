import { AttachedFiles } from '#app/components/exchange/ExchangeFacts.tsx'
import { Stack, Text } from '@mantine/core'
import { formatDate, formatMoney } from '#app/lib/format.ts'
import type { ProposalContent, ProposalView } from '#common/exchange/proposals.ts'
import type { AttachedFile } from '#common/exchange/services.ts'

export const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const

/** A proposal's file, downloaded through the proposal (the customer does not own it). */
export const proposalFileHref = (proposalId: string, fileId: string) =>
  `/api/v1/exchange/proposals/${proposalId}/files/${fileId}`

export const proposalDates = (p: Pick<ProposalContent, 'startsOn' | 'endsOn'>) =>
  `${formatDate(p.startsOn)} — ${formatDate(p.endsOn)}`

export function ProposalFiles({ proposalId, files }: { proposalId: string; files: AttachedFile[] }) {
  if (!files.length) return <Text size="sm">Нет файлов</Text>
  return <AttachedFiles files={files} hrefOf={(fileId) => proposalFileHref(proposalId, fileId)} />
}

/** The earlier versions of a revised proposal, oldest first; nothing for one never revised. */
export function ProposalRevisions({ proposal }: { proposal: Pick<ProposalView, 'id' | 'revisions'> }) {
  if (!proposal.revisions.length) return <Text size="sm">Не изменялось</Text>
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
        Прежние версии ({proposal.revisions.length})
      </summary>
      <Stack gap="sm" mt="xs">
        {proposal.revisions.map((r) => (
          <Stack key={r.revision} gap={2}>
            <Text size="sm" fw={600}>
              Версия {r.revision}, заменена {formatDate(r.replacedAt)}
            </Text>
            <Text size="sm">
              {formatMoney(r.priceKopecks)} · {proposalDates(r)}
            </Text>
            {r.terms && (
              <Text size="sm" style={PRE}>
                Условия: {r.terms}
              </Text>
            )}
            {r.message && (
              <Text size="sm" style={PRE}>
                Сообщение: {r.message}
              </Text>
            )}
            {r.files.length > 0 && <ProposalFiles proposalId={proposal.id} files={r.files} />}
          </Stack>
        ))}
      </Stack>
    </details>
  )
}
