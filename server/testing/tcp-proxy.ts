import { type Server, type Socket, createConnection, createServer } from 'node:net'

/**
 * A loopback TCP relay in front of a server (PostgreSQL in the tests): `cut()` drops every
 * connection and refuses new ones, as a database restart or a failover does to the app, and
 * `restore()` listens again on the same port.
 */
export interface TcpProxy {
  port: number
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection(target)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
        client.pipe(upstream).pipe(client)
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        server = next
        resolve((next.address() as { port: number }).port)
      })
    })

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })

  const port = await listen(0)
  return {
    port,
    cut: stop,
    restore: async () => {
      await listen(port)
    },
    close: stop,
  }
}
