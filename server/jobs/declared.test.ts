import { describe, expect, it } from 'vitest'
import { MODULES } from '../modules/index.ts'
import type { ModuleDefinition } from '../modules/module.ts'
import { FLOW_JOBS } from '../flows/index.ts'
import { createJobDeclarations, JOB_KIND } from './declared.ts'

const handler = async () => null

describe('declared jobs', () => {
  it('takes kinds named <domain>.<what_is_done>, each declared once', () => {
    const jobs = createJobDeclarations()
    expect(() => jobs.declare('media', ['media.article.publish'])).toThrow(/not <domain>.<what_is_done>/)
    expect(() => jobs.declare('media', ['Media.publish'])).toThrow(/not <domain>/)
    jobs.declare('media', ['media.publish_article'])
    expect(() => jobs.declare('flows', ['media.publish_article'])).toThrow(/declared by media already/)
  })

  it('registers only what the owner declared, and finds a declared kind left without a handler', () => {
    const jobs = createJobDeclarations()
    const registered: string[] = []
    jobs.declare('chat', ['chat.digest', 'chat.publish_system_messages'])
    jobs.declare('identity', ['identity.housekeeping'])
    const chat = jobs.registrarFor('chat', (kind) => registered.push(kind))
    expect(() => chat('identity.housekeeping', handler)).toThrow(/did not declare/)
    chat('chat.digest', handler)
    chat('chat.publish_system_messages', handler)
    expect(registered).toEqual(['chat.digest', 'chat.publish_system_messages'])
    expect(() => jobs.checkComplete()).toThrow(/without a handler: identity.housekeeping/)
    jobs.registrarFor('identity', () => {})('identity.housekeeping', handler)
    expect(() => jobs.checkComplete()).not.toThrow()
  })

  it('is what every module and the flows declare: one naming style for all of them', () => {
    const kinds = [...(MODULES as readonly ModuleDefinition[]).flatMap((m) => m.jobs ?? []), ...FLOW_JOBS]
    expect(kinds.length).toBe(17)
    for (const kind of kinds) expect(kind).toMatch(JOB_KIND)
    expect(new Set(kinds).size).toBe(kinds.length)
  })
})
