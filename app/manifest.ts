import type { MetadataRoute } from "next";

/**
 * The web app manifest (`/manifest.webmanifest`; Next links it from every page): what a phone's "Add to Home Screen"
 * installs. It opens on Today, standalone (no browser bar), in the app's colours (app/globals.css: the page's
 * slate-50, the mark's slate-900). The PNGs are drawn from app/icon.svg by scripts/make-icons.ts.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Backroom",
    short_name: "Backroom",
    description:
      "Your distributor's Data API: today's deliveries, customers, balances and orders, on a desk or a phone.",
    id: "/",
    start_url: "/today",
    scope: "/",
    display: "standalone",
    theme_color: "#0f172a",
    background_color: "#f8fafc",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
