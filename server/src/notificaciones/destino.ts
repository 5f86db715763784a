/**
 * Where a notification may be sent. A subscription names an address of a bank's or ministry's
 * system: it must be https and reach the public internet, never this machine or a private network
 * (an attacker's subscription must not make the server call its own neighbours: SSRF). The check is
 * made when subscribing and again at every connection, on the address the name resolves to then
 * (`buscarDireccionPublica` is the socket's look-up), so a name re-pointed later is caught too.
 * `WEBHOOK_ALLOW_LOOPBACK` (tests and development) lets http:// reach this machine (loopback only).
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
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  BLOQUEADAS.addSubnet(red, bits, "ipv6");

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
  return !BLOQUEADAS.check(d, familia(d));
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
