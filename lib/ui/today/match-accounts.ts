import type { AccountCard as Card } from "@/lib/domain/today/today";

/**
 * The cards "My accounts" shows first, and adds at each "Show more": with the page's search and count they end, with
 * the button, within four screens of a 390 px phone (the demo rep's 254 cards were one page of 43,493 px).
 */
export const ACCOUNTS_SHOWN = 12;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Which of a rep's accounts match a search: the words of `q` each in the account's name, address, licence or id (case
 * and accents ignored); every account when `q` is blank.
 *
 * @example
 * matchAccounts(cards, "oak main"); // the accounts on Main in Oakland
 */
export function matchAccounts(cards: readonly Card[], q: string): Card[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (!words.length) return [...cards];
  return cards.filter((c) => {
    const text = fold([c.name, c.address ?? "", c.licence ?? "", String(c.customerId), c.state ?? ""].join(" "));
    return words.every((w) => text.includes(w));
  });
}
