import { isIPv4, isIPv6 } from 'node:net';

/** `loopback` is the only kind a development server may reach; every other kind is refused everywhere. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'invalid';

interface Range {
  bytes: number[];
  prefix: number;
  kind: Exclude<AddressKind, 'public' | 'invalid'>;
}

const v4 = (cidr: string, kind: Range['kind']): Range => {
  const [address, prefix] = cidr.split('/') as [string, string];
  return { bytes: address.split('.').map(Number), prefix: Number(prefix), kind };
};
const v6 = (cidr: string, kind: Range['kind']): Range => {
  const [address, prefix] = cidr.split('/') as [string, string];
  return { bytes: parseIPv6(address)!, prefix: Number(prefix), kind };
};

// IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved class E.
const IPV4_RANGES: Range[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

// Checked in order; an address outside global unicast (2000::/3) is never public.
const IPV6_RANGES: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fc00::/7', 'private'),
  v6('fe80::/10', 'link-local'),
  // Deprecated site-local: private in practice.
  v6('fec0::/10', 'private'),
  v6('ff00::/8', 'multicast'),
  // IETF protocol assignments, Teredo, ORCHID and benchmarking all live in 2001::/23.
  v6('2001::/23', 'reserved'),
  v6('2001:db8::/32', 'documentation'),
  v6('3fff::/20', 'documentation'),
  // 6to4 tunnels to an IPv4 address of the sender's choosing.
  v6('2002::/16', 'reserved'),
];
const GLOBAL_UNICAST = v6('2000::/3', 'reserved');

/** IPv4-mapped IPv6 is judged as its IPv4; other embeddings fall outside global unicast and are refused. */
export function classifyAddress(address: string): AddressKind {
  const literal = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(literal)) return classifyBytes(literal.split('.').map(Number), IPV4_RANGES);
  // A zone id (fe80::1%eth0) only ever names a link-local or loopback interface.
  if (literal.includes('%')) return 'link-local';
  if (!isIPv6(literal)) return 'invalid';
  const bytes = parseIPv6(literal);
  if (!bytes) return 'invalid';
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return classifyBytes(bytes.slice(12), IPV4_RANGES);
  }
  const kind = classifyBytes(bytes, IPV6_RANGES);
  if (kind !== 'public') return kind;
  if (bytes.slice(0, 12).every((byte) => byte === 0)) return 'reserved'; // IPv4-compatible (deprecated)
  return inRange(bytes, GLOBAL_UNICAST) ? 'public' : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

export function isAllowedTarget(address: string, policy: { allowLoopback: boolean }): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}

function classifyBytes(bytes: number[], ranges: Range[]): AddressKind {
  return ranges.find((range) => range.bytes.length === bytes.length && inRange(bytes, range))?.kind ?? 'public';
}

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

export function parseIPv6(address: string): number[] | null {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (!isIPv4(dotted[1]!)) return null;
    tail.push(...dotted[1]!.split('.').map(Number));
    text = text.slice(0, -dotted[1]!.length);
    // "::ffff:1.2.3.4" leaves "::ffff:"; drop the separator unless it is part of "::".
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part ? part.split(':') : []);
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const groupCount = 8 - tail.length / 2;
  const missing = groupCount - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  bytes.push(...tail);
  return bytes.length === 16 ? bytes : null;
}
