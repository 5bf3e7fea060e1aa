/**
 * Where a rep's phone opens: a member linked to a sales rep, on an Employee key, arriving at the overview from
 * outside the dashboard (the home screen, a bookmark, a typed address, signing in) on a phone is sent to Today; clicking
 * Overview from a dashboard page opens the overview, as on a desk. Pure: the page passes what the request says.
 */
export interface StartRequest {
  keyType: string;
  salesRepUserId: number | null | undefined;
  /** `User-Agent`. */
  userAgent: string | null;
  /** `Sec-CH-UA-Mobile` ("?1" on a phone's Chromium). */
  mobileHint: string | null;
  /** `Referer` (sent same-origin only: `Referrer-Policy: same-origin`). */
  referer: string | null;
}

const PHONE = /\b(iPhone|iPod|Android.+Mobile|Mobile Safari|Windows Phone)\b|\bMobi\b/;

/** Whether the request is from a phone: the client hint where the browser sends it, else its user agent. */
export function isPhone(userAgent: string | null, mobileHint: string | null): boolean {
  if (mobileHint === "?1") return true;
  if (mobileHint === "?0") return false;
  return PHONE.test(userAgent ?? "");
}

/** Whether the request came from a dashboard page (not the sign-in and account pages, not outside). */
function fromDashboard(referer: string | null): boolean {
  if (!referer) return false;
  try {
    const path = new URL(referer).pathname;
    return !/^\/(sign-in|sign-up|invitations|forgot-password|reset-password|workspaces)(\/|$)/.test(path);
  } catch {
    return false;
  }
}

/**
 * Whether the overview should send this request to Today.
 *
 * @example
 * opensOnToday({ keyType: "Employee", salesRepUserId: 1008, userAgent: "… iPhone …", mobileHint: null, referer: null }); // true
 */
export function opensOnToday(request: StartRequest): boolean {
  return (
    request.keyType === "Employee" &&
    request.salesRepUserId != null &&
    isPhone(request.userAgent, request.mobileHint) &&
    !fromDashboard(request.referer)
  );
}
