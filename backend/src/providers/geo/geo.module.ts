import { Module } from '@nestjs/common';
import { GeoipCountryLocator } from './geoip-country.adapter.js';
import { GeoLocator } from './geo-locator.port.js';

@Module({ providers: [{ provide: GeoLocator, useClass: GeoipCountryLocator }], exports: [GeoLocator] })
export class GeoModule {}
