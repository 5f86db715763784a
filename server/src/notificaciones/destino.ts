/**
 * Where a notification may be sent. A subscription names an address of a bank's or ministry's
 * system: it must be https and reach the public internet, never this machine or a private network
 * (an attacker's subscription must not make the server call its own neighbours: SSRF). The check is
 * made when subscribing and again at every connection, on the address the name resolves to then
 * (`buscarDireccionPublica` is the socket's look-up), so a name re-pointed later is caught too.
 * `WEBHOOK_ALLOW_LOOPBACK` (tests and development) lets http:// reach this machine (loopback only).
 * IPv6 addresses that lead to an IPv4 one (NAT64, 6to4, Teredo) are judged by that IPv4 address;
 * deprecated or local-only forms that can reach internal addresses (IPv4-compatible ::a.b.c.d,
 * IPv4-translated, local-use NAT64, site-local fec0::/10) are refused whole.
 */
import dns from "node:dns";
import net from "node:net";

/** Addresses no notification goes to: this machine, private networks, link-local, multicast, reserved. */
const BLOQUEADAS = new net.BlockList();
for (const [red, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  BLOQUEADAS.addSubnet(red, bits, "ipv4");
for (const [red, bits] of [
  // Unspecified, loopback and the deprecated IPv4-compatible addresses (::a.b.c.d, e.g. ::7f00:1).
  ["::", 96],
  // IPv4-translated (SIIT, ::ffff:0:a.b.c.d): not routed on the internet.
  ["::ffff:0:0:0", 96],
  // Local-use NAT64 (RFC 8215): the IPv4 address may sit anywhere in it, so all of it.
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  // Site-local (deprecated, still routed inside some networks).
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  BLOQUEADAS.addSubnet(red, bits, "ipv6");

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part included). */
function grupos(ip: string): number[] {
  let s = ip.split("%")[0];
  const conIpv4 = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (conIpv4) {
    const [a, b, c, d] = conIpv4.slice(2).map(Number);
    s = `${conIpv4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const partes = s.split("::");
  const cabeza = partes[0] ? partes[0].split(":") : [];
  const cola = partes.length > 1 && partes[1] ? partes[1].split(":") : [];
  const medio = partes.length > 1 ? Array(8 - cabeza.length - cola.length).fill("0") : [];
  return [...cabeza, ...medio, ...cola].map((g) => Number.parseInt(g, 16));
}

const ipv4De = (alto: number, bajo: number) => `${alto >> 8}.${alto & 255}.${bajo >> 8}.${bajo & 255}`;

/**
 * The IPv4 addresses an IPv6 address leads to through a translation or tunnel: NAT64's well-known
 * prefix (64:ff9b::/96, RFC 6052), 6to4 (2002::/16) and Teredo (2001::/32: its server, and its
 * client stored inverted). Each is judged as that IPv4 address would be.
 */
function ipv4Incrustadas(ip: string): string[] {
  const g = grupos(ip);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return [ipv4De(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4De(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4De(g[2], g[3]), ipv4De(~g[6] & 0xffff, ~g[7] & 0xffff)];
  return [];
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 it carries. */
function normalizar(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

function familia(ip: string): "ipv4" | "ipv6" {
  return net.isIPv6(ip) ? "ipv6" : "ipv4";
}

export function esLoopback(ip: string): boolean {
  const d = normalizar(ip);
  return net.isIP(d) !== 0 && LOOPBACK.check(d, familia(d));
}

/** True when a notification may go to this address (`loopback`: the operator allows this machine). */
export function direccionPermitida(ip: string, loopback: boolean): boolean {
  const d = normalizar(ip);
  if (net.isIP(d) === 0) return false;
  if (loopback && esLoopback(d)) return true;
  if (BLOQUEADAS.check(d, familia(d))) return false;
  return familia(d) === "ipv4" || ipv4Incrustadas(d).every((v4) => !BLOQUEADAS.check(v4, "ipv4"));
}

export type Rechazo = "privada" | "noResuelve" | "https";

/** The host of a URL as the socket sees it (IPv6 literals without brackets). */
function hostDe(u: URL): string {
  return u.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Why this address may not be subscribed, or null when it may: https (http only to loopback when
 * allowed), and every address its name resolves to now must be allowed.
 */
export async function rechazoDestino(url: string, loopback: boolean): Promise<Rechazo | null> {
  const u = new URL(url);
  const host = hostDe(u);
  let direcciones: string[];
  if (net.isIP(host) !== 0) direcciones = [host];
  else {
    try {
      direcciones = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return "noResuelve";
    }
  }
  if (direcciones.length === 0) return "noResuelve";
  if (direcciones.some((d) => !direccionPermitida(d, loopback))) return "privada";
  if (u.protocol !== "https:" && !(loopback && direcciones.every(esLoopback))) return "https";
  return null;
}

/**
 * The socket's look-up for a delivery: resolves the name as usual and refuses it when any address
 * is not allowed, so the connection never opens to one (an IP literal is checked by the caller).
 */
export function buscarDireccionPublica(loopback: boolean, soloLoopback = false): net.LookupFunction {
  const admitida = (ip: string) => (soloLoopback ? esLoopback(ip) : direccionPermitida(ip, loopback));
  return (host, opciones, responder) => {
    dns.lookup(host, { ...opciones, all: true }, (err, direcciones) => {
      if (err) return responder(err, "", 4);
      const lista = direcciones as dns.LookupAddress[];
      const mala = lista.find((a) => !admitida(a.address));
      if (mala || lista.length === 0) {
        const e = Object.assign(new Error(`dirección no permitida: ${mala?.address ?? host}`), { code: "EDESTINO" });
        return responder(e, "", 4);
      }
      if ((opciones as dns.LookupOptions).all)
        return (responder as unknown as (e: null, l: dns.LookupAddress[]) => void)(null, lista);
      responder(null, lista[0].address, lista[0].family);
    });
  };
}
