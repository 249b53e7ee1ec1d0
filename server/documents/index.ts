/**
 * Printed documents of an order: the invoice and the delivery note as PDF bytes. A library, not a
 * module: no tables and no services; callers pass everything already computed (decision 029).
 */
export { type InvoiceDocument, type InvoiceLine, renderInvoice } from './invoice.ts'
export { type DeliveryNoteDocument, type DeliveryNoteLine, renderDeliveryNote } from './delivery-note.ts'
export type { BankDetails, Party, Seller } from './types.ts'
export { type UpdDocument, type UpdLine, type UpdPictures, type UpdSignatories, renderUpd } from './upd.ts'
export { type UpdFile, renderUpdXml } from './upd-xml.ts'
export { type ActDocument, type ActPictures, renderAct } from './act.ts'
export { type UkdDocument, type UkdFigures, type UkdLine, type UkdSums, renderUkd, ukdTotals } from './ukd.ts'
export { type NmckDocument, renderNmck } from './nmck.ts'
export { renderNmckXlsx } from './nmck-xlsx.ts'
export { type CommercialOfferDocument, renderCommercialOffer } from './commercial-offer.ts'
