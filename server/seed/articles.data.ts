/** The demo media articles: original texts in server/seed/articles/ (one file each), covers and figures in content/assets/media/. */
export { DEMO_ARTICLES } from './articles/index.ts'
