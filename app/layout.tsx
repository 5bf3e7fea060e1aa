import type { Metadata } from "next";
import { cookies } from "next/headers";
import { ServiceWorkerRegistration } from "@/components/offline/service-worker-registration";
import { TestModeBanner } from "@/components/session/session-indicator";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { parseTheme, THEME_COOKIE } from "@/lib/ui/preferences";
import "./globals.css";

export const metadata: Metadata = {
  title: "Backroom",
  description: "Backroom: a web dashboard, and an embedded sandbox, for the distributor's Data API.",
  // Installed on an iPhone's home screen (Add to Home Screen): standalone, as app/manifest.ts says for the others.
  appleWebApp: { capable: true, title: "Backroom" },
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [session, jar] = await Promise.all([currentSession(backend), cookies()]);
  const theme = parseTheme(jar.get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme === "system" ? undefined : theme}>
      <body>
        <a href="#content" className="skip-link">
          Skip to content
        </a>
        <TestModeBanner active={session?.view.keys.find((k) => k.id === session.view.activeKeyId)} />
        {children}
        <ServiceWorkerRegistration />
      </body>
    </html>
  );
}
