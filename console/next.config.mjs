/* global process */
// The operator's console: a static export of its own, served by the admin app on its loopback port at
// /console/ (server/http/console-static.ts). Nothing here is part of the members' app or its out/.
/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  basePath: '/console',
  trailingSlash: true,
  // The export goes to console/out; a test run builds into its own folder (which also holds its build cache).
  ...(process.env.CONSOLE_EXPORT_DIR ? { distDir: process.env.CONSOLE_EXPORT_DIR } : {}),
  images: { unoptimized: true },
  reactStrictMode: true,
  devIndicators: false,
  // The root's `tsc --noEmit` (npm test) checks console/ with everything else; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
