import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { parseImportFile } from './file/parse.ts'
import { evaluateOffers } from './imports.preview.ts'
import { closeParsingThreads, evaluateStoredOffers, parseUpload } from './parse-off-thread.ts'

const YML = readFileSync(new URL('../../../../tests/e2e/fixtures/catalog-import.yml', import.meta.url))

afterAll(() => closeParsingThreads())

describe('parsing an upload off the event loop', () => {
  it('gives in a worker thread what the parser gives in place, with the preview, and reports how far it got', async () => {
    const progress: [number, number][] = []
    const inThread = await parseUpload(YML, 'catalog-import.yml', (done, total) => progress.push([done, total]))
    if (inThread.refusal !== undefined) throw new Error(inThread.refusal)
    const inPlace = parseImportFile(YML, 'catalog-import.yml')
    expect(JSON.parse(inThread.offersJson)).toEqual(inPlace.offers)
    expect(inThread.fileErrors).toEqual(inPlace.errors)
    expect(inThread.evaluation).toEqual(evaluateOffers(inPlace.offers, inThread.mapping))
    expect(inThread.mapping.categories).toEqual({ '10': null, '11': 'multirotornye', '12': 'samoletnogo-tipa' })
    // The last report arrives before the answer: all of the file was read.
    await new Promise((resolve) => setImmediate(resolve))
    expect(progress.at(-1)?.[0]).toBe(progress.at(-1)?.[1])
    // Another mapping, checked in a thread against the stored JSON.
    const noCategories = { ...inThread.mapping, categories: {} }
    expect(await evaluateStoredOffers(inThread.offersJson, noCategories)).toEqual(
      evaluateOffers(inPlace.offers, noCategories),
    )
  })

  it('brings a refusal back from the thread as its reason', async () => {
    const hostile = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><yml_catalog/>')
    const result = await parseUpload(hostile, 'x.yml')
    expect(result.refusal).toMatch(/DOCTYPE/)
  })
})
