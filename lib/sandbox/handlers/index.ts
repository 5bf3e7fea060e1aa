import type { Handlers, WriteHandlers } from "../handler";
import { catalogHandlers } from "./catalog";
import { customerHandlers } from "./customers";
import { inventoryHandlers } from "./inventory";
import { invoiceHandlers } from "./invoices";
import { paymentRequestHandlers } from "./payment-requests";
import { paymentHandlers } from "./payments";
import { peopleHandlers } from "./people";
import { purchaseOrderHandlers } from "./purchase-orders";
import { purchasingHandlers } from "./purchasing";
import { referenceHandlers } from "./reference";

/** Every read operation the sandbox answers, by operation id. */
export const readHandlers: Handlers = {
  ...referenceHandlers,
  ...customerHandlers,
  ...catalogHandlers,
  ...inventoryHandlers,
  ...peopleHandlers,
  ...invoiceHandlers,
  ...paymentHandlers,
  ...purchasingHandlers,
};

/** Every write operation, by operation id. */
export const writeHandlers: WriteHandlers = {
  ...paymentRequestHandlers,
  ...purchaseOrderHandlers,
};
