/* global process */
/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  // With output 'export', a custom distDir is where the export goes (and its build cache): the e2e suite builds
  // into its own folder so a test run and `npm start` never overwrite each other's out/.
  ...(process.env.NEXT_EXPORT_DIR ? { distDir: process.env.NEXT_EXPORT_DIR } : {}),
  // Relative asset URLs: out/ works from a host's root and from any sub-path (e.g. /ipfs/<cid>/) unchanged.
  assetPrefix: './',
  images: { unoptimized: true },
  trailingSlash: false,
  reactStrictMode: true,
};

export default nextConfig;
