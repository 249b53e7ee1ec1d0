import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from '#common/zod.ts'
import { feedLinks } from './links.ts'

/** Robots poll feeds every few minutes; a proxy or CDN may answer them meanwhile. */
export const FEED_CACHE_CONTROL = 'public, max-age=300'

/** Whether an If-None-Match header names this (weak) validator, compared weakly as RFC 9110 asks. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

function notModifiedSince(header: string | undefined, lastModified: Date): boolean {
  const since = header ? Date.parse(header) : NaN
  return !Number.isNaN(since) && lastModified.getTime() <= since
}

/**
 * `GET /sellers/{slug}/feed.yml`: a confirmed vendor's published products in Yandex Market's YML,
 * for Yandex Market and Avito autoload. Public, cached for a few minutes, with validators so a
 * robot that has the current version gets a 304 for two small statements.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog
  const links = feedLinks({ publicUrl: app.config.publicUrl, cdnUrl: app.config.CDN_URL })

  app.get(
    '/sellers/:slug/feed.yml',
    {
      schema: {
        tags: ['sellers'],
        summary: 'YML-фид товаров продавца для Яндекс Маркета и автозагрузки Авито',
        description:
          'application/xml; charset=utf-8. Только опубликованные товары; id предложения — id товара, ' +
          'vendorCode — артикул. Кэшируется на 5 минут; ETag и Last-Modified: при If-None-Match или ' +
          'If-Modified-Since с текущей версией — 304. Неизвестный или неподтверждённый продавец — 404.',
        params: z.object({ slug: z.string().describe('Слаг продавца') }),
        headers: z.object({
          'if-none-match': z.string().optional(),
          'if-modified-since': z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      const feed = await catalog.describeVendorFeed(req.ctx, req.params.slug, links)
      reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
      const ifNoneMatch = req.headers['if-none-match']
      const fresh = ifNoneMatch
        ? matchesEtag(ifNoneMatch, feed.etag)
        : notModifiedSince(req.headers['if-modified-since'], feed.lastModified)
      if (fresh) return reply.status(304).send()
      return reply
        .type('application/xml; charset=utf-8')
        .send(Readable.from(catalog.writeVendorFeed(req.ctx, feed, links)))
    },
  )
}
