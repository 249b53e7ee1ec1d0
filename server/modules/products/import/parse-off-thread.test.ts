import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { parseImportFile } from '../../catalog/import/parse.ts'
import { closeParsingThreads, parseUpload } from './parse-off-thread.ts'

const YML = readFileSync(new URL('../../../../tests/e2e/fixtures/catalog-import.yml', import.meta.url))

afterAll(() => closeParsingThreads())

describe('parsing an upload off the event loop', () => {
  it('gives in a worker thread what the parser gives in place, and reports how far it got', async () => {
    const progress: [number, number][] = []
    const inThread = await parseUpload(YML, 'catalog-import.yml', (done, total) => progress.push([done, total]))
    expect(inThread).toEqual(parseImportFile(YML, 'catalog-import.yml'))
    expect(inThread.offers.map((o) => o.sku)).toEqual(['IMP-E2E-1', 'IMP-E2E-2', 'IMP-E2E-3', 'IMP-E2E-4'])
    // The last report arrives before the answer: all of the file was read.
    await new Promise((resolve) => setImmediate(resolve))
    expect(progress.at(-1)?.[0]).toBe(progress.at(-1)?.[1])
    // The caller's bytes are its own still (the thread got a copy).
    expect(YML.length).toBeGreaterThan(0)
  })

  it('brings a refusal back from the thread as data', async () => {
    const hostile = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><yml_catalog/>')
    const result = await parseUpload(hostile, 'x.yml')
    expect(result.offers).toEqual([])
    expect(result.errors[0]).toMatchObject({ line: 0, message: expect.stringContaining('DOCTYPE') })
  })
})
