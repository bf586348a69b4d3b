import { eq, type SQL } from 'drizzle-orm';
import { receipts } from '../db/schema';
import type { Viewer } from './viewer';

/*
 * Receipts: read by their buyer only (the list, the PDF, the data export). A receipt names what was
 * bought and from whom, so anyone else is answered 404, as if it did not exist; the admin console
 * shows a payment's receipt number, never the receipt. Receipts are the buyer's own data: not audited.
 */

export type ReceiptAction = 'read';

export function can(viewer: Pick<Viewer, 'id'>, action: ReceiptAction, receipt: { buyerId: string }): boolean {
  switch (action) {
    case 'read':
      return receipt.buyerId === viewer.id;
  }
}

/** The SQL form of `can(viewer, 'read', …)` over `receipts`. */
export const receiptsVisibleTo = (viewer: Pick<Viewer, 'id'>): SQL => eq(receipts.buyerId, viewer.id);
