/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  // Relative asset URLs: out/ works from a host's root and from any sub-path (e.g. /ipfs/<cid>/) unchanged.
  assetPrefix: './',
  images: { unoptimized: true },
  trailingSlash: false,
  reactStrictMode: true,
};

export default nextConfig;
