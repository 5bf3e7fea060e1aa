import { PAGE_PARAMS, paramOf, pageRead, type SearchParams, type TodayLink } from "@/lib/domain/page-href";

/**
 * The addresses of the plan's own pages with a day: a date's plan (`/today/plan?rep=&date=`) and a week's
 * (`/today/plan/week?rep=&weekOf=`), each with the reader its page parses its address with. Apart from `pageHref`,
 * which nearly every page's script carries, because only the plan's pages link to a day: notifications and mails link
 * to today's plan (`pageHref.todayPlan`) and never to a date's.
 */
export const PLAN_PARAMS = { rep: PAGE_PARAMS.today.rep, date: "date", weekOf: "weekOf" } as const;

export interface PlanDayLink extends TodayLink {
  /** The day planned, YYYY-MM-DD (the person's today when none). */
  date?: string;
}

export interface PlanWeekLink extends TodayLink {
  /** Any day of the week shown, YYYY-MM-DD (this week, or the coming one at a weekend, when none). */
  weekOf?: string;
}

/** The path with the parameters given (none undefined), typed as Next's typed routes take it. */
function withQuery<P extends string>(path: P, query: Record<string, string | undefined>): P | `${P}?${string}` {
  const kept = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

/** A YYYY-MM-DD that is a real date, or undefined. */
function dayOf(text: string | undefined): string | undefined {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}

/** The address of a date's plan and of a week's. */
export const planHref = {
  day: ({ rep, date }: PlanDayLink = {}) =>
    withQuery("/today/plan", { [PLAN_PARAMS.rep]: rep?.toString(), [PLAN_PARAMS.date]: date }),
  week: ({ rep, weekOf }: PlanWeekLink = {}) =>
    withQuery("/today/plan/week", { [PLAN_PARAMS.rep]: rep?.toString(), [PLAN_PARAMS.weekOf]: weekOf }),
};

/** What the plan's pages read of their address (anything unreadable left out, as if absent). */
export const planRead = {
  day: (params: SearchParams): PlanDayLink => {
    const date = dayOf(paramOf(params, PLAN_PARAMS.date));
    return { ...pageRead.today(params), ...(date && { date }) };
  },
  week: (params: SearchParams): PlanWeekLink => {
    const weekOf = dayOf(paramOf(params, PLAN_PARAMS.weekOf));
    return { ...pageRead.today(params), ...(weekOf && { weekOf }) };
  },
};
