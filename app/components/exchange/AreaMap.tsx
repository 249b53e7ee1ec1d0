import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import {
  closeRing,
  GEO_LIMITS,
  type GeoPolygon,
  GeoPolygon as GeoPolygonSchema,
  polygonAreaHectares,
} from '#common/geo.ts'
import { buttonClass } from '../ui/button.tsx'
import { AREA_TEXT_EXAMPLE, AREA_TEXT_HINT, formatAreaText, parseAreaText } from './area-text.ts'
import type { AreaMapView, LonLat, RegionBox } from './area-map-view.ts'
import classes from './AreaMap.module.css'
import type { RootData } from '#app/lib/root-data.ts'
import { formatCount } from '#common/format.ts'
import { formatHectares } from '#common/hectares.ts'
import { POINTS_UP_TO } from '#common/counted-words.ts'

export interface AreaMapProps {
  /** The contour, or null when there is none yet. */
  value: GeoPolygon | null
  /** Called with a closed, valid contour, or null when it is cleared or reopened. */
  onChange?: (value: GeoPolygon | null) => void
  /** Only shows the contour, fitted in view. */
  readOnly?: boolean
  label?: string
  /** The form's error about the area (from the action), shown under the map. */
  error?: string | null
  /** The map's height: pixels or a CSS length. */
  height?: number | string
  /** When set, a hidden input of that name carries the contour as GeoJSON in a posted form. */
  name?: string
  /** The chosen region's box: the map opens on it while there is no contour. */
  region?: RegionBox | null
  /** The area as the page states it elsewhere (stored with the request), so both read the same. */
  hectares?: number | null
}

/**
 * A service request's area on a map: a click (a tap) places a vertex, the first vertex or
 * «Замкнуть контур» closes the contour, and a closed contour that passes GeoPolygon's rules goes to
 * onChange. The same contour can be typed as coordinates, which is the keyboard's way to it.
 * The map (Leaflet) loads in the browser after the component mounts.
 */
export function AreaMap({
  value,
  onChange,
  readOnly = false,
  label = 'Участок на карте',
  error,
  height = 360,
  name,
  region = null,
  hectares = null,
}: AreaMapProps) {
  const tilesUrl = useMapTilesUrl()
  const id = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  /** The last value this component gave onChange: a value coming back is not fitted in view again. */
  const emittedRef = useRef<GeoPolygon | null | undefined>(undefined)
  /** The open map; null while Leaflet loads (or again after tiles or readOnly change). */
  const [view, setView] = useState<AreaMapView | null>(null)
  const [failed, setFailed] = useState(false)
  const [draft, setDraft] = useState<LonLat[]>([])
  const [drawError, setDrawError] = useState<string | null>(null)

  function emit(next: GeoPolygon | null) {
    emittedRef.current = next
    onChange?.(next)
  }

  function addVertex([lon, lat]: LonLat) {
    if (value) {
      setDrawError('Контур уже замкнут. Чтобы нарисовать другой участок, нажмите «Очистить».')
      return
    }
    if (draft.length >= GEO_LIMITS.maxVertices) {
      setDrawError(`В контуре участка должно быть не больше ${formatCount(GEO_LIMITS.maxVertices, POINTS_UP_TO)}`)
      return
    }
    const point: LonLat = [roundCoordinate(lon), roundCoordinate(lat)]
    const last = draft[draft.length - 1]
    // A double tap is one vertex.
    if (last && last[0] === point[0] && last[1] === point[1]) return
    setDraft([...draft, point])
    setDrawError(null)
  }

  function closeContour() {
    const parsed = GeoPolygonSchema.safeParse(closeRing(draft))
    if (!parsed.success) {
      setDrawError(parsed.error.issues[0]?.message ?? 'Проверьте контур участка')
      return
    }
    setDraft([])
    setDrawError(null)
    emit(parsed.data)
  }

  function undoVertex() {
    setDrawError(null)
    if (draft.length) {
      setDraft(draft.slice(0, -1))
    } else if (value) {
      // The closed contour opens again without its last vertex.
      setDraft(value.coordinates[0]!.slice(0, -2) as LonLat[])
      emit(null)
    }
  }

  function clear() {
    setDraft([])
    setDrawError(null)
    if (value) emit(null)
  }

  function applyText(next: GeoPolygon) {
    setDraft([])
    setDrawError(null)
    emit(next)
    view?.fit(next)
  }

  const onMapClick = useEffectEvent((point: LonLat) => addVertex(point))
  const onFirstVertexClick = useEffectEvent(() => closeContour())

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    let cancelled = false
    let opened: AreaMapView | null = null
    import('./area-map-view.ts')
      .then(async ({ loadLeaflet, createAreaMapView }) => {
        const L = await loadLeaflet()
        if (cancelled) return
        opened = createAreaMapView(L, container, {
          tilesUrl,
          readOnly,
          classes: {
            shape: classes.shape!,
            line: classes.line!,
            closing: classes.closing!,
            vertex: classes.vertex!,
            firstVertex: classes.firstVertex!,
          },
          onMapClick: (point) => onMapClick(point),
          onFirstVertexClick: () => onFirstVertexClick(),
        })
        emittedRef.current = undefined
        setView(opened)
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      opened?.destroy()
      setView(null)
    }
  }, [tilesUrl, readOnly])

  useEffect(() => {
    if (!view) return
    // A contour set from outside (the page's data, a reset form) is brought into view.
    if (value !== emittedRef.current) {
      emittedRef.current = value
      view.fit(value, region)
    }
    view.draw(value, draft, !readOnly)
  }, [view, value, draft, readOnly, region])

  // Another region chosen (or the contour cleared) while nothing is drawn: the map moves there.
  const drawing = draft.length > 0
  useEffect(() => {
    if (view && !value && !drawing) view.fit(null, region)
  }, [view, region, value, drawing])

  const labelId = `${id}-label`
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const shownError = drawError ?? error ?? null

  return (
    <div
      className={classes.root}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={shownError ? errorId : undefined}
    >
      <div id={labelId} className={classes.label}>
        {label}
      </div>
      {!readOnly && (
        <p id={helpId} className={classes.help}>
          Нажимайте на карту, чтобы поставить вершины участка. Чтобы закончить, нажмите на первую вершину или «Замкнуть
          контур».
        </p>
      )}
      <div className={classes.frame} style={{ height }}>
        <div
          ref={containerRef}
          className={classes.map}
          data-tiles={tilesUrl ? 'on' : 'off'}
          data-editing={!readOnly && !value ? 'true' : undefined}
          role="region"
          aria-label={`${label}: карта`}
          aria-describedby={readOnly ? undefined : helpId}
        />
        {!tilesUrl && <p className={classes.overlayNote}>Подложка карты отключена</p>}
        {!view && (
          <p className={classes.overlayStatus} role={failed ? 'alert' : undefined}>
            {!failed
              ? 'Загрузка карты…'
              : readOnly
                ? 'Не удалось загрузить карту.'
                : 'Не удалось загрузить карту. Введите координаты вручную.'}
          </p>
        )}
      </div>

      {!readOnly && (
        <div className={classes.toolbar}>
          <button
            type="button"
            className={buttonClass({ variant: 'default', size: 'xs', className: classes.tool })}
            onClick={undoVertex}
            disabled={!draft.length && !value}
          >
            Отменить точку
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'default', size: 'xs', className: classes.tool })}
            onClick={clear}
            disabled={!draft.length && !value}
          >
            Очистить
          </button>
          <button
            type="button"
            className={buttonClass({ size: 'xs', className: classes.tool })}
            onClick={closeContour}
            disabled={draft.length < GEO_LIMITS.minVertices}
          >
            Замкнуть контур
          </button>
        </div>
      )}

      <p className={classes.summary} aria-live="polite">
        {describeArea(value, draft.length, readOnly, hectares)}
      </p>
      {shownError && (
        <p id={errorId} className={classes.error} role="alert">
          {shownError}
        </p>
      )}

      {readOnly ? (
        value && (
          <details className={classes.manual}>
            <summary>Координаты вершин</summary>
            <pre className={classes.coordinates}>{formatAreaText(value)}</pre>
          </details>
        )
      ) : (
        <ManualEntry value={value} onApply={applyText} />
      )}

      {name && <input type="hidden" name={name} value={value ? JSON.stringify(value) : ''} />}
    </div>
  )
}

export default AreaMap

/** The contour typed or pasted as text (see area-text.ts); it follows the map until edited. */
function ManualEntry({ value, onApply }: { value: GeoPolygon | null; onApply: (value: GeoPolygon) => void }) {
  const id = useId()
  const [edited, setEdited] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const text = edited ?? formatAreaText(value)
  const fieldId = `${id}-text`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  function apply() {
    const result = parseAreaText(text)
    if (!result.ok) {
      setError(result.error)
      return
    }
    setError(null)
    setEdited(null)
    onApply(result.value)
  }

  return (
    <details className={classes.manual}>
      <summary>Ввести координаты вручную</summary>
      <div className={classes.manualBody}>
        <label htmlFor={fieldId} className={classes.fieldLabel}>
          Координаты вершин участка
        </label>
        <p id={hintId} className={classes.help}>
          {AREA_TEXT_HINT}
        </p>
        <textarea
          id={fieldId}
          className={classes.textarea}
          rows={6}
          value={text}
          placeholder={AREA_TEXT_EXAMPLE}
          spellCheck={false}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setEdited(e.target.value)
            setError(null)
          }}
        />
        {error && (
          <p id={errorId} className={classes.error} role="alert">
            {error}
          </p>
        )}
        <div>
          <button type="button" className={buttonClass({ variant: 'default', size: 'xs' })} onClick={apply}>
            Применить координаты
          </button>
        </div>
      </div>
    </details>
  )
}

const roundCoordinate = (v: number) => Math.round(v * 10 ** GEO_LIMITS.precision) / 10 ** GEO_LIMITS.precision

/** The line under the map: the area of a closed contour, or how far the drawing has got. */
function describeArea(value: GeoPolygon | null, vertices: number, readOnly: boolean, hectares: number | null): string {
  if (value) return `Площадь: ${formatHectares(hectares ?? polygonAreaHectares(value))}`
  if (!vertices) return readOnly ? 'Участок не указан' : 'Участок ещё не нарисован'
  const missing = GEO_LIMITS.minVertices - vertices
  return missing > 0
    ? `Точек: ${vertices}. Поставьте ещё хотя бы ${missing}.`
    : `Точек: ${vertices}. Замкните контур, чтобы закончить.`
}

function useMapTilesUrl(): string {
  const root = useRouteLoaderData('root') as RootData | undefined
  return root?.publicConfig?.mapTilesUrl ?? ''
}
