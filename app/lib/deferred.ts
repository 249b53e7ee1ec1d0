/**
 * The parts that load after the page. The first load reaches them through `loadDeferred()`
 * (session-store.ts): a dynamic import carries, in the chunk that makes it, the list of files to
 * preload with its target, and for these parts those lists ran to some forty file names each.
 */
export const loadAuthClient = () => import('../components/auth/AuthClient.tsx')
export const loadAccountMenu = () => import('../components/site/AccountMenu.tsx')
export const loadHeaderCount = () => import('../components/site/HeaderCount.tsx')
export const loadSearchSuggestions = () => import('../components/site/SearchSuggestions.tsx')
export const loadCompareActions = () => import('../components/compare/compare-actions.tsx')
export const loadCartActions = () => import('../components/cart/cart-actions.tsx')
export const loadChatStart = () => import('../components/chat/start-chat.tsx')
