/**
 * The parts that load after the page. The first load reaches them through `loadDeferred()`
 * (load-deferred.ts): a dynamic import carries, in the chunk that makes it, the list of files to
 * preload with its target, and for these parts those lists ran to some forty file names each.
 */
export const loadAuthClient = () => import('./auth/AuthClient.tsx')
export const loadAccountMenu = () => import('./site/AccountMenu.tsx')
export const loadHeaderCount = () => import('./site/HeaderCount.tsx')
export const loadSearchSuggestions = () => import('./site/SearchSuggestions.tsx')
export const loadCompareActions = () => import('./compare/compare-actions.tsx')
export const loadCartActions = () => import('./cart/cart-actions.tsx')
export const loadChatStart = () => import('./chat/start-chat.tsx')
