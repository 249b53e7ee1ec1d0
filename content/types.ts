import type { SphereSlug } from '#common/spheres.ts'

/** What goes into <title>, <meta name="description"> and Open Graph. */
export interface PageMeta {
  title: string
  description: string
}

/**
 * One titled part of a long page. `id` is the anchor (latin, kebab-case) used by the
 * table of contents; `html` is trusted static markup written by us (p, ul, ol, li, h3,
 * strong, em, a, table, thead, tbody, tr, th, td, blockquote) — never user input.
 */
export interface ContentSection {
  id: string
  title: string
  html: string
}

export interface Sphere {
  slug: SphereSlug
  /** English identifier, e.g. 'agriculture'. */
  name: string
  /** Page heading, e.g. 'Беспилотники в сельском хозяйстве'. */
  title: string
  /** Short tile label for the home page, e.g. 'Сельское хозяйство'. */
  shortTitle: string
  /** One or two sentences for the tile and the meta description. */
  summary: string
  /** Long Russian description as trusted HTML (h2/h3, p, ul, li, strong, table). */
  description: string
  /** Path below /marketplace-frontend-assets/, e.g. 'spheres/transport.svg' (760x400 source). */
  image: string
  imageAlt: string
  meta: PageMeta
}

/** A page of the platform, info or government-programs kind. */
export interface InfoPage {
  /** The URL path, e.g. '/platforms/repair'. */
  path: string
  title: string
  /** The opening paragraph under the heading (plain text). */
  lead: string
  meta: PageMeta
  sections: ContentSection[]
  /** When set, the page ends with an application form whose heading and button read so. */
  leadForm?: { title: string; submitLabel: string; messagePlaceholder: string }
}

export interface LegalDocument {
  /** Child slug under /legal-information. */
  slug: 'privacy-policy' | 'user-agreement' | 'platform-use-agreement' | 'personal-data-processing-agreement'
  title: string
  /** Edition date, ISO 'YYYY-MM-DD'. */
  effectiveDate: string
  meta: PageMeta
  /** Numbered sections; the page renders the table of contents from them. */
  sections: ContentSection[]
}
