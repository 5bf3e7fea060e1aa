/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The Data API contract is plain TypeScript in lib/; nothing needs transpiling from node_modules.
  typedRoutes: true,
};

export default nextConfig;
