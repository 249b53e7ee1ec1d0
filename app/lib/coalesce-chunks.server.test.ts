import { describe, expect, it } from 'vitest'
import { CoalesceChunks } from './coalesce-chunks.server.ts'

/** What the stream has passed on so far, one entry per buffer. */
function collect(stream: CoalesceChunks): string[] {
  const out: string[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')))
  return out
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('CoalesceChunks', () => {
  it('holds the pieces of a pass and passes them on as one buffer when the pass is flushed', async () => {
    const stream = new CoalesceChunks()
    const out = collect(stream)
    stream.write(new TextEncoder().encode('<html><head>'))
    stream.write('<title>Страница</title>')
    stream.write(Buffer.from('</head>'))
    await tick()
    expect(out).toEqual([])

    stream.flush()
    await tick()
    expect(out).toEqual(['<html><head><title>Страница</title></head>'])
  })

  it('keeps each pass apart, skips empty ones and passes on what is left at the end', async () => {
    const stream = new CoalesceChunks()
    const out = collect(stream)
    stream.write('<body>')
    stream.flush()
    stream.flush()
    stream.write('<template>')
    stream.write('</template>')
    stream.flush()
    stream.end('</body></html>')
    await new Promise((resolve) => stream.on('end', resolve))
    expect(out).toEqual(['<body>', '<template></template>', '</body></html>'])
  })
})
