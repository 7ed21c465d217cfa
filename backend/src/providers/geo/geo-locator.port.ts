export interface Country {
  code: string;
  name: string;
}

/** Country of an IP address from an offline database: no network call is ever made. */
export abstract class GeoLocator {
  /** Null for private, loopback and unknown addresses. */
  abstract countryOf(ip: string): Promise<Country | null>;
}
