import { useState } from 'react'
import classes from './ArticleView.module.css'

/**
 * Share links: each network's own share address, opened as a plain link (no widgets or
 * third-party scripts); «Скопировать ссылку» uses the clipboard and says so.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  const links = [
    { label: 'ВКонтакте', href: `https://vk.com/share.php?url=${u}&title=${t}` },
    { label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ]
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    )
  }
  return (
    <section className={classes.share} aria-labelledby="share-title">
      <h2 id="share-title" className={classes.shareTitle}>
        Поделиться
      </h2>
      <ul className={classes.shareList}>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer nofollow" className={classes.shareLink}>
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={classes.shareLink} onClick={copy}>
            Скопировать ссылку
          </button>
        </li>
      </ul>
      <p className={classes.shareStatus} role="status">
        {copied === 'yes' ? 'Ссылка скопирована' : copied === 'no' ? `Не удалось скопировать. Адрес: ${url}` : ''}
      </p>
    </section>
  )
}
