import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

export type MetricsAccess = { allow: string[]; token: string | undefined };

/**
 * Who may read /metrics: a client whose address (as the trusted proxies report it) is in
 * METRICS_ALLOW, or one that shows METRICS_TOKEN as a bearer token. Everyone else is told the
 * page does not exist.
 */
export function metricsGate({ allow, token }: MetricsAccess): (request: FastifyRequest) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const [address, prefix] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  const expected = token ? digest(token) : null;
  return (request) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      if (header.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), expected)) return true;
    }
    return addressAllowed(list, request.ip);
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function addressAllowed(list: BlockList, ip: string): boolean {
  // A dual-stack listener reports IPv4 clients as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return list.check(mapped[1], 'ipv4');
  return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}
