import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where a webhook may go. A subscription names any URL, so the server could be made to call its
// own network: link-local addresses (169.254/16, where cloud metadata services answer; fe80::/10)
// are refused always; loopback and private networks, and plain http, only where the
// configuration allows them (WEBHOOK_ALLOW_PRIVATE: outside production by default, so a
// developer's local receiver works). The URL is checked when the subscription is made, and the
// address the name resolves to when each delivery connects (a name may point anywhere later).

const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

const privateNets = new BlockList();
privateNets.addSubnet('127.0.0.0', 8, 'ipv4');
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4');
privateNets.addSubnet('0.0.0.0', 8, 'ipv4');
privateNets.addAddress('::1', 'ipv6');
privateNets.addAddress('::', 'ipv6');
privateNets.addSubnet('fc00::', 7, 'ipv6');

/** The v4 address inside an IPv4-mapped v6 one (::ffff:169.254.169.254), else the address. */
function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/** Why an address may not receive webhooks, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  const plain = plainAddress(address);
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  if (linkLocal.check(plain, family)) return '接收地址不能是链路本地地址（169.254.x.x）';
  if (!allowPrivate && privateNets.check(plain, family)) return '接收地址不能是本机或内网地址';
  return null;
}

/** Why a subscription's URL is refused (the field message), or null. */
export function urlRefusal(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '接收地址须为 https:// 开头的完整网址';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return '接收地址须为 https:// 开头的完整网址';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return addressRefusal(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')))
    return '接收地址不能是本机或内网地址';
  return null;
}

/**
 * A DNS lookup for the delivery's socket that refuses the addresses `addressRefusal` refuses,
 * so a name that resolves to the metadata service never gets a request.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      const refusal = addressRefusal(String(address), allowPrivate);
      if (refusal) return callback(new Error(`refused address ${address}: ${refusal}`), '', 0);
      callback(null, address as string, family);
    });
  };
}
