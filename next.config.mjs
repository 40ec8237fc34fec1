/* global process */
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import createNextIntlPlugin from 'next-intl/plugin';
import { assertBuildSettings } from './lib/build-settings.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  // With output 'export', a custom distDir is where the export goes (and its build cache): the e2e suite builds
  // into its own folder so a test run and `npm start` never overwrite each other's out/.
  ...(process.env.NEXT_EXPORT_DIR ? { distDir: process.env.NEXT_EXPORT_DIR } : {}),
  images: { unoptimized: true },
  trailingSlash: false,
  reactStrictMode: true,
  // No type check inside `next build`: `npm run typecheck` checks the same files with the same tsconfig, as the first
  // step of `npm test` (and CI), and `npm run build` runs it first (docs/decisions.md, 2026-12-03).
  typescript: { ignoreBuildErrors: true },
  // No persistent Turbopack cache for builds: writing it makes a first build slower, while a start with unchanged
  // sources and settings reuses the export without building at all (docs/decisions.md).
  experimental: { turbopackFileSystemCacheForBuild: false },
  // Source maps beside the chunks, for profiling a production build (NEXT_SOURCE_MAPS=1); never in a normal build.
  productionBrowserSourceMaps: Boolean(process.env.NEXT_SOURCE_MAPS),
};

// The message files are compiled when the app is built (icu-minify): the browser gets each message as a small
// tree and formats it without intl-messageformat's parser, which is then not in the bundle either.
const withNextIntl = createNextIntlPlugin({ experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } } });

// A production build without its API URL, API key or Vault address would fall back to an empty key and the
// zero address (lib/env.ts) and still succeed: `next build` stops here instead, naming what is missing.
//
// Relative asset URLs: out/ works from a host's root and from any sub-path (e.g. /ipfs/<cid>/) unchanged. Not
// under `next dev`: it serves hot reload at <assetPrefix>/_next/hmr, which for './' is '/./_next/hmr', a path
// the browser's socket (normalized to /_next/hmr) never asks for; the page then waited minutes to render.
export default (phase) => {
  if (phase === PHASE_PRODUCTION_BUILD) assertBuildSettings(process.env);
  return withNextIntl(phase === PHASE_DEVELOPMENT_SERVER ? nextConfig : { ...nextConfig, assetPrefix: './' });
};
