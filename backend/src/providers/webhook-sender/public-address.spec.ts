import { classifyAddress, isAllowedTarget, isPublicAddress, parseIPv6 } from './public-address.js';

describe(classifyAddress.name, () => {
  it.each([
    // IPv4 loopback, private, link-local and the other special ranges
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    // IPv4-mapped IPv6 is judged as the IPv4 address it carries
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['[::1]', 'loopback'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1'])(
    'treats the IPv4 address %s as public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '2001:4860:4860::8888'])(
    'treats the IPv6 address %s as public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['localhost', 'example.com', '1.2.3', '1.2.3.4.5', '256.1.1.1', ':::1', 'fe80::g', ''])(
    'does not take %j for an address',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
    },
  );
});

describe(isAllowedTarget.name, () => {
  it('allows loopback only where the policy says so, and never private or link-local', () => {
    const development = { allowLoopback: true };
    const production = { allowLoopback: false };
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedTarget(loopback, development)).toBe(true);
      expect(isAllowedTarget(loopback, production)).toBe(false);
    }
    for (const internal of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      'fd00::1',
      'fe80::1',
      '0.0.0.0',
    ]) {
      expect(isAllowedTarget(internal, development)).toBe(false);
      expect(isAllowedTarget(internal, production)).toBe(false);
    }
    expect(isAllowedTarget('93.184.216.34', production)).toBe(true);
  });
});

describe(parseIPv6.name, () => {
  it('expands :: and a trailing dotted IPv4 to 16 bytes', () => {
    expect(parseIPv6('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([...Array<number>(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIPv6('2001:db8::8:800:200c:417a')).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0x08, 0x08, 0, 0x20, 0x0c, 0x41, 0x7a,
    ]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toHaveLength(16);
  });

  it('refuses malformed text', () => {
    for (const text of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '12345::', '::ffff:1.2.3.256']) {
      expect(parseIPv6(text)).toBeNull();
    }
  });
});
