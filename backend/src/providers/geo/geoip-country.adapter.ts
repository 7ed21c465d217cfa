import { createRequire } from 'node:module';
import { GeoLocator, type Country } from './geo-locator.port.js';

interface GeoipCountry {
  lookup(ip: string): { country: string; name: string } | null;
}

/**
 * geoip-country (GeoLite2 country ranges, ~8 MB on disk, ~24 MB RSS once loaded, against ~160 MB for
 * geoip-lite's city data). It reads its files when required, so it is loaded on the first lookup:
 * processes that never serve the pricing page (workers) never pay for it.
 */
export class GeoipCountryLocator extends GeoLocator {
  private database: GeoipCountry | undefined;

  countryOf(ip: string): Promise<Country | null> {
    this.database ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
    const found = this.database.lookup(ip);
    return Promise.resolve(found ? { code: found.country, name: found.name } : null);
  }
}
