import type { IncomingHttpHeaders } from "node:http";

/** See forwarded.mjs. */
export function trustedHops(value: string | undefined): number;
export function settleForwarded(
  headers: IncomingHttpHeaders,
  connection: { remoteAddress: string | undefined; encrypted: boolean; hops: number },
): void;
