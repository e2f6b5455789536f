import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getBrand } from "@/components/portal/portal";
import { Providers } from "@/components/providers";
import "./globals.css";

/** Titles carry the brand of the host: an agency's on its verified custom domain. */
export async function generateMetadata(): Promise<Metadata> {
  const brand = await getBrand();
  return { ...metadata, title: { default: brand.name, template: `%s · ${brand.name}` } };
}

const metadata: Metadata = {
  description: "Build AI website chatbots and resell them to your clients.",
  icons: {
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect width='24' height='24' rx='6' fill='%234f46e5'/%3E%3Cpath d='M7 8.5h10M7 12h6.5' stroke='%23fff' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E",
  },
};

export const viewport: Viewport = { themeColor: "#4f46e5" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
