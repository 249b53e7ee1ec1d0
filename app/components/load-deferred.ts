/**
 * Everything that loads after the page comes through this one dynamic import (see deferred.ts):
 * one short preload list in the first load instead of one long list per import.
 */
export const loadDeferred = () => import('./deferred.ts')
