import { Injectable, Logger } from '@nestjs/common';
import { PRICES_USD, type LocationResponse } from '@chapterwise/shared';
import { AppConfig } from '../../config/app-config.js';
import { GeoLocator } from '../../providers/geo/geo-locator.port.js';

const UNKNOWN_COUNTRY = 'Unknown';

@Injectable()
export class LocationService {
  private readonly logger = new Logger(LocationService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly geo: GeoLocator,
  ) {}

  /** Currency and prices for a visitor: INR in India, USD elsewhere and whenever the country is unknown. */
  async detect(clientIp: string | undefined): Promise<LocationResponse> {
    const country = clientIp
      ? await this.geo.countryOf(clientIp).catch((error: unknown) => this.lookupFailed(error))
      : null;
    const inr = this.config.payments.inrPrices;
    return {
      detected_currency: country?.code === 'IN' ? 'inr' : 'usd',
      country_name: country?.name ?? UNKNOWN_COUNTRY,
      pricing: {
        pro: { usd: PRICES_USD.pro, inr: inr.pro },
        premium: { usd: PRICES_USD.premium, inr: inr.premium },
      },
    };
  }

  private lookupFailed(error: unknown): null {
    this.logger.warn(`Country lookup failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
