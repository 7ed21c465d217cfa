import { GeoipCountryLocator } from './geoip-country.adapter.js';

describe(GeoipCountryLocator.name, () => {
  const locator = new GeoipCountryLocator();

  it('finds the country of public IPv4 and IPv6 addresses offline', async () => {
    await expect(locator.countryOf('49.36.0.1')).resolves.toEqual({ code: 'IN', name: 'India' });
    await expect(locator.countryOf('2401:4900::1')).resolves.toEqual({ code: 'IN', name: 'India' });
    await expect(locator.countryOf('8.8.8.8')).resolves.toEqual({ code: 'US', name: 'United States' });
    await expect(locator.countryOf('::ffff:49.36.0.1')).resolves.toEqual({ code: 'IN', name: 'India' });
  });

  it('answers null for loopback, private and malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', 'not-an-ip', '']) {
      await expect(locator.countryOf(ip)).resolves.toBeNull();
    }
  });
});
