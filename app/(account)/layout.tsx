import { cookies } from "next/headers";
import Link from "next/link";
import { AccountMenu } from "@/components/account/account-menu";
import { AppHeader } from "@/components/shell/app-header";
import { PersonMenu } from "@/components/shell/person-menu";
import { ShellMenu } from "@/components/shell/shell-menu";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { parseTheme, THEME_COOKIE } from "@/lib/ui/preferences";
import { requirePerson } from "./_lib/person";

/**
 * The pages of a person's account and their workspace's settings: a plain header (the workspace switcher, the theme and
 * the person's menu; on a phone, behind its Menu button), signed in required, but no key (a new workspace has none
 * yet: its keys page is where one is added).
 */
export default async function AccountLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [view, jar] = await Promise.all([requirePerson(), cookies()]);
  return (
    <ShellMenu>
      <AppHeader
        variant="account"
        context={
          view.workspace &&
          view.workspaces.length > 0 && <WorkspaceSwitcher workspaces={view.workspaces} activeId={view.workspace.id} />
        }
        theme={<ThemeToggle initial={parseTheme(jar.get(THEME_COOKIE)?.value)} />}
        person={
          view.role ? (
            <PersonMenu name={view.person.name} email={view.person.email} role={view.role} />
          ) : (
            <AccountMenu name={view.person.name} email={view.person.email} />
          )
        }
      />
      <main id="content" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-8 focus:outline-none sm:px-6">
        {view.demo && (
          <p
            className="mb-6 rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            data-testid="demo-shared"
          >
            You are the demo person, shared by everyone who tries the demo: its password, second factors, passkeys, keys
            and members stay as they are, and changing them is refused.{" "}
            <Link href="/sign-up" prefetch={false} className="font-semibold underline">
              Create an account
            </Link>{" "}
            to manage your own.
          </p>
        )}
        {children}
      </main>
    </ShellMenu>
  );
}
