declare module "geoip-country" {
  export interface CountryLookup {
    country: string;
    name?: string;
  }
  const geoip: { lookup(ip: string): CountryLookup | null };
  export default geoip;
}
