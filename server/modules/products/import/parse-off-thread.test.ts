import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseImportFile } from '../../catalog/import/parse.ts'
import { parseUpload } from './parse-off-thread.ts'

const YML = readFileSync(new URL('../../../../tests/e2e/fixtures/catalog-import.yml', import.meta.url))

describe('parsing an upload off the event loop', () => {
  it('gives in a worker thread what the parser gives in place', async () => {
    const inThread = await parseUpload(YML, 'catalog-import.yml', 0)
    expect(inThread).toEqual(parseImportFile(YML, 'catalog-import.yml'))
    expect(inThread.offers.map((o) => o.sku)).toEqual(['IMP-E2E-1', 'IMP-E2E-2', 'IMP-E2E-3', 'IMP-E2E-4'])
  })

  it('brings a refusal back from the thread as data', async () => {
    const hostile = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><yml_catalog/>')
    const result = await parseUpload(hostile, 'x.yml', 0)
    expect(result.offers).toEqual([])
    expect(result.errors[0]).toMatchObject({ line: 0, message: expect.stringContaining('DOCTYPE') })
  })
})
