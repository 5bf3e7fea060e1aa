/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  typedRoutes: true,
  // A native addon: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
