import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';

/**
 * The client as per-address limits count it: its IPv4 address, or its IPv6 address's /64, since one connection is
 * usually given a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}
