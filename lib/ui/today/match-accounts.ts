import type { AccountCard as Card } from "@/lib/domain/today/today";

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
