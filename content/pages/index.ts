export { page as GOVERNMENT_PROGRAMS_PAGE } from '#content/pages/government-programs.ts'
export { page as ABOUT_PAGE } from '#content/pages/about.ts'
export { page as FOR_SELLERS_PAGE } from '#content/pages/for-sellers.ts'
export { page as FOR_CUSTOMERS_PAGE } from '#content/pages/for-customers.ts'
