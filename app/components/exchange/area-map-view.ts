import type * as Leaflet from 'leaflet'
import { type GeoPolygon, polygonBounds } from '#common/geo.ts'

/**
 * The Leaflet side of AreaMap: the map, its tiles, and the contour drawn on it. Leaflet and its
 * stylesheet are imported here, when the first map opens in the browser, so neither is in the
 * server render nor in the bundle of a page that shows no map.
 */

/** [lon, lat], as GeoJSON has it. */
export type LonLat = [number, number]

/** A region's bounding box: [west, south, east, north] (common/region-bounds.ts). */
export type RegionBox = readonly [number, number, number, number]

/** Moscow at a region's scale: where most requests are, when there is no contour to show. */
const DEFAULT_CENTER: Leaflet.LatLngTuple = [55.75, 37.62]
const DEFAULT_ZOOM = 9

export interface AreaMapClasses {
  shape: string
  line: string
  closing: string
  vertex: string
  firstVertex: string
}

export interface AreaMapViewOptions {
  tilesUrl: string
  readOnly: boolean
  classes: AreaMapClasses
  onMapClick: (point: LonLat) => void
  onFirstVertexClick: () => void
}

export interface AreaMapView {
  /** Shows the closed contour, or the vertices placed so far (the first one closes the contour). */
  draw(value: GeoPolygon | null, draft: LonLat[], editing: boolean): void
  /**
   * Fits the contour in view; without one, the region's box ([west, south, east, north]) when
   * there is one, else the default view.
   */
  fit(value: GeoPolygon | null, region?: RegionBox | null): void
  destroy(): void
}

const toLatLng = ([lon, lat]: LonLat): Leaflet.LatLngTuple => [lat, lon]

export type LeafletModule = typeof Leaflet

/** Leaflet and its stylesheet, fetched once per page. */
export async function loadLeaflet(): Promise<LeafletModule> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
  // Leaflet 1.9 is a CommonJS bundle: the namespace is its default export.
  return (module as { default?: LeafletModule }).default ?? module
}

/**
 * The map in `container`. Synchronous, so that the caller creates it only if it still wants it
 * once Leaflet has loaded (a container takes one map at a time).
 */
export function createAreaMapView(L: LeafletModule, container: HTMLElement, options: AreaMapViewOptions): AreaMapView {
  const { readOnly, classes } = options

  const map = L.map(container, {
    zoomControl: false,
    attributionControl: false,
    // A double tap or click while drawing places two vertices rather than zooming in.
    doubleClickZoom: readOnly,
    scrollWheelZoom: !readOnly,
    minZoom: 2,
    maxZoom: 18,
    worldCopyJump: true,
  }).setView(DEFAULT_CENTER, DEFAULT_ZOOM)
  L.control.zoom({ zoomInTitle: 'Приблизить', zoomOutTitle: 'Отдалить' }).addTo(map)
  if (options.tilesUrl) {
    L.control.attribution({ prefix: false }).addTo(map)
    L.tileLayer(options.tilesUrl, {
      maxZoom: 19,
      attribution:
        '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>',
    }).addTo(map)
  }
  const layer = L.layerGroup().addTo(map)
  if (!readOnly) map.on('click', (e: Leaflet.LeafletMouseEvent) => options.onMapClick(lonLat(e.latlng.wrap())))
  // Where the map looks, on the container (`data-center="lat,lon"`): what a browser test reads.
  const noteCenter = () => {
    const { lat, lng } = map.getCenter()
    container.dataset.center = `${lat.toFixed(2)},${lng.toFixed(2)}`
  }
  map.on('moveend', noteCenter)
  noteCenter()

  // The map learns of a new size (a turned phone, a wider column) only when told.
  const resize = new ResizeObserver(() => map.invalidateSize())
  resize.observe(container)

  return {
    draw(value, draft, editing) {
      layer.clearLayers()
      const ring = value?.coordinates[0] ?? []
      if (ring.length) {
        L.polygon(ring.slice(0, -1).map(toLatLng), { className: classes.shape, interactive: false }).addTo(layer)
        if (editing) for (const p of ring.slice(0, -1)) vertex(p, classes.vertex)
      }
      if (!draft.length) return
      L.polyline(draft.map(toLatLng), { className: classes.line, interactive: false }).addTo(layer)
      const closable = draft.length >= 3
      if (closable) {
        const closing = [draft[draft.length - 1]!, draft[0]!].map(toLatLng)
        L.polyline(closing, { className: classes.closing, interactive: false }).addTo(layer)
      }
      draft.slice(1).forEach((p) => vertex(p, classes.vertex))
      const first = vertex(draft[0]!, classes.firstVertex, closable)
      if (closable) {
        first.bindTooltip('Замкнуть контур', { direction: 'top' })
        first.on('click', () => options.onFirstVertexClick())
      }
    },
    fit(value, region) {
      if (!value && region) {
        const [west, south, east, north] = region
        map.fitBounds([
          [south, west],
          [north, east],
        ])
        return
      }
      if (!value) {
        map.setView(DEFAULT_CENTER, DEFAULT_ZOOM)
        return
      }
      const { west, south, east, north } = polygonBounds(value)
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [24, 24], maxZoom: 16 },
      )
    },
    destroy() {
      resize.disconnect()
      map.remove()
    },
  }

  function lonLat(latlng: Leaflet.LatLng): LonLat {
    return [latlng.lng, latlng.lat]
  }

  function vertex(p: LonLat, className: string, interactive = false): Leaflet.CircleMarker {
    // A finger needs a larger target than the pointer for the vertex that closes the contour.
    return L.circleMarker(toLatLng(p), {
      radius: interactive ? 9 : 5,
      className,
      interactive,
      bubblingMouseEvents: false,
    }).addTo(layer)
  }
}
