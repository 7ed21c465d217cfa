/** Whether browsers treat the origin as potentially trustworthy (a secure context): https, or this machine by name. */
export function isTrustworthyOrigin(protocol: string, hostname: string): boolean {
  if (protocol === 'https') return true;
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}
