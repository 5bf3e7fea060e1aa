import { isRole, ROLE_LABELS, type RoleName } from "@/lib/session/roles";

// A page's title, and what a page says to a key that may not see it. A module of their own: a page that imports them
// does not import the list pages' client components with them (which would join that page's JavaScript).

export function PageTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {intro && <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{intro}</p>}
    </div>
  );
}

export function NotForThisKey({ title, keyType }: { title: string; keyType: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p>
        {keyType} keys may not see {title.toLowerCase()}: the Data API answers 403. Switch to another key to see this
        page.
      </p>
    </div>
  );
}

/**
 * A page whose every use is a write the person's role does not allow (the purchase editor for a viewer): the role says
 * what it may do, and who can change it.
 */
export function NotForThisRole({ title, role, doing }: { title: string; role: string; doing: string }) {
  const names = role
    .split(",")
    .map((r) => (isRole(r.trim()) ? ROLE_LABELS[r.trim() as RoleName].label : r))
    .join(", ");
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p>
        Your role in this workspace ({names}) does not {doing}:{" "}
        {ROLE_LABELS[isRole(role) ? role : "viewer"].description} An owner or admin can change your role under
        Workspace.
      </p>
    </div>
  );
}
