import { lazy, Suspense } from 'react'
import type { AreaMapProps } from './AreaMap.tsx'
import classes from './AreaMap.module.css'

// The map's component and its validation load with the form that shows it, not before.
const AreaMap = lazy(() => import('./AreaMap.tsx'))

/**
 * AreaMap for a page's form: loaded on demand, with a placeholder of the map's height meanwhile.
 * Kept apart from AreaMap.tsx so that importing it does not bring the map's code along.
 */
export function LazyAreaMap(props: AreaMapProps) {
  return (
    <Suspense
      fallback={
        <div className={classes.skeleton} style={{ height: props.height ?? 360 }}>
          Загрузка карты…
        </div>
      }
    >
      <AreaMap {...props} />
    </Suspense>
  )
}
