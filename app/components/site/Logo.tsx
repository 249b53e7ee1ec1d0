import { AppLink } from '../AppLink.tsx'
import classes from './Logo.module.css'

export function Logo() {
  return (
    <AppLink to="/" className={classes.logo} aria-label="БАС Маркет — на главную">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0B2545" />
        <circle cx="9" cy="9" r="4" fill="none" stroke="#F2A541" strokeWidth="2" />
        <circle cx="23" cy="9" r="4" fill="none" stroke="#F2A541" strokeWidth="2" />
        <circle cx="9" cy="23" r="4" fill="none" stroke="#F2A541" strokeWidth="2" />
        <circle cx="23" cy="23" r="4" fill="none" stroke="#F2A541" strokeWidth="2" />
        <path d="M12 12l8 8M20 12l-8 8" stroke="#EEF4ED" strokeWidth="2.5" strokeLinecap="round" />
        <rect x="13" y="13" width="6" height="6" rx="1.5" fill="#EEF4ED" />
      </svg>
      <span className={classes.text}>
        БАС <span className={classes.accent}>Маркет</span>
      </span>
    </AppLink>
  )
}
