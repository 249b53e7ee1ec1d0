import type { ContentSection } from '#content/types.ts'
import ui from '../ui/ui.module.css'
import classes from './content.module.css'
import { RichText } from './RichText.tsx'

/** Long content: a table of contents linking to anchored sections, each with its h2. */
export function SectionedArticle({
  sections,
  tocTitle = 'Содержание',
}: {
  sections: ContentSection[]
  tocTitle?: string
}) {
  return (
    <div className={classes.grid}>
      <div className={`${classes.tocColumn} no-print`}>
        <nav aria-label={tocTitle} className={`${ui.panel} ${classes.toc}`}>
          <p className={`${ui.text} ${classes.tocTitle}`}>{tocTitle}</p>
          <div className={classes.tocLinks}>
            {sections.map((section) => (
              <a key={section.id} href={`#${section.id}`} className={`mantine-focus-auto ${ui.anchor} ${ui.sm}`}>
                {section.title}
              </a>
            ))}
          </div>
        </nav>
      </div>
      <div className={classes.sectionsColumn}>
        <div className={classes.sections}>
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className={classes.section}>
              <h2 id={section.id} className={`${ui.title} ${ui.h2} ${classes.sectionTitle}`}>
                {section.title}
              </h2>
              <RichText html={section.html} />
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
