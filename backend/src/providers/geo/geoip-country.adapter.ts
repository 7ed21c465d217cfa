import { createRequire } from 'node:module';
import { GeoLocator, type Country } from './geo-locator.port.js';

interface GeoipCountry {
  lookup(ip: string): { country: string; name: string } | null;
}

// Loaded on the first lookup (~24 MB RSS): workers, which never serve the pricing page, never pay for it.
export class GeoipCountryLocator extends GeoLocator {
  private database: GeoipCountry | undefined;

  countryOf(ip: string): Promise<Country | null> {
    this.database ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
    const found = this.database.lookup(ip);
    return Promise.resolve(found ? { code: found.country, name: found.name } : null);
  }
}
