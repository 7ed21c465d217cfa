export interface Country {
  /** ISO 3166-1 alpha-2, e.g. `IN`. */
  code: string;
  name: string;
}

/** Country of an IP address from an offline database: no network call is ever made. */
export abstract class GeoLocator {
  /** Null for private, loopback and unknown addresses. */
  abstract countryOf(ip: string): Promise<Country | null>;
}
