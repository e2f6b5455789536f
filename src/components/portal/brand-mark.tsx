import { LogoMark } from "@/components/icons";
import type { Brand } from "@/server/branding";

/** The logo and name above sign-in, invitation and password pages: the agency's on its custom domain. */
export function BrandMark({ brand }: { brand: Brand }) {
  return (
    <div className="flex flex-col items-center" data-testid="brand-mark">
      {brand.logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- an agency's logo on any host; next/image would need every domain configured
        <img src={brand.logoUrl} alt="" className="size-10 rounded object-contain" />
      ) : (
        <LogoMark className="size-10" style={{ color: brand.accentColor }} />
      )}
      <p className="mt-2 text-sm font-medium text-gray-700">{brand.name}</p>
    </div>
  );
}
