import { Anchor, List, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { formatNumber } from '#app/lib/format.ts'
import { PERMISSION_PARTY_LABELS, type FlightDetails } from '#common/exchange/requests.ts'
import type { AttachedFile } from '#common/exchange/services.ts'
import { formatFileSize } from '#common/files.ts'

/**
 * What the exchange's pages (a request, a proposal, a service order) show alike: a term and its
 * value in a definition list, the flight details, a list of attached files to download.
 */

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 8 }}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

const yesNo = (value: boolean) => (value ? 'Да' : 'Нет')

/** How high, where and who obtains the permission to use the airspace. */
export function FlightFacts({ flight }: { flight: FlightDetails }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      <Fact term="Максимальная высота">{formatNumber(flight.maxAltitudeM)} м</Fact>
      <Fact term="Контролируемое воздушное пространство">{yesNo(flight.controlledAirspace)}</Fact>
      <Fact term="Запретная или ограниченная зона">{yesNo(flight.restrictedZone)}</Fact>
      <Fact term="Разрешение на использование воздушного пространства получает">
        {PERMISSION_PARTY_LABELS[flight.permissionBy]}
      </Fact>
    </Stack>
  )
}

/** Files to download, each with its size; `hrefOf` is where the caller's side reads a file. */
export function AttachedFiles({ files, hrefOf }: { files: AttachedFile[]; hrefOf: (fileId: string) => string }) {
  return (
    <List spacing={4} size="sm" listStyleType="none" p={0} m={0}>
      {files.map((file) => (
        <List.Item key={file.fileId}>
          <Anchor href={hrefOf(file.fileId)} size="sm" download={file.name} style={{ overflowWrap: 'anywhere' }}>
            <IconDownload size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {file.name}
            <Text span size="xs" c="dimmed">
              {' '}
              ({formatFileSize(file.size)})
            </Text>
          </Anchor>
        </List.Item>
      ))}
    </List>
  )
}
