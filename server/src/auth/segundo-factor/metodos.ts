/**
 * The three kinds of second factor, without storage: TOTP (RFC 6238, otpauth), WebAuthn
 * (@simplewebauthn/server) with the relying party taken from PUBLIC_URL, and recovery codes.
 */
import crypto from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as OTPAuth from "otpauth";
import type { Config } from "../../config.js";

export const EMISOR = "Registro de Firmas";

/** WebAuthn's library is loaded on its first use, not with every start of the server. */
const webauthn = () => import("@simplewebauthn/server");
const PERIODO = 30;

// ---------------------------------------------------------------- authenticator apps (TOTP)

function totp(secreto: string, usuario: string) {
  return new OTPAuth.TOTP({
    issuer: EMISOR,
    label: usuario,
    algorithm: "SHA1",
    digits: 6,
    period: PERIODO,
    secret: OTPAuth.Secret.fromBase32(secreto),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends), its otpauth:// URI and that URI as a QR code. */
export async function nuevaApp(usuario: string) {
  const secreto = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = totp(secreto, usuario).toString();
  const { default: QRCode } = await import("qrcode");
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secreto, uri, qr };
}

/**
 * The time step a code belongs to, if it is right at `ahora` (one step either side is accepted
 * for clocks a little off), else null. The caller keeps the last step used, so no code serves twice.
 */
export function pasoDeCodigo(secreto: string, codigo: string, ahora: Date): number | null {
  const delta = totp(secreto, "").validate({ token: codigo, timestamp: ahora.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(ahora.getTime() / 1000 / PERIODO) + delta;
}

// ---------------------------------------------------------------- passkeys (WebAuthn)

/**
 * The relying party: the host of PUBLIC_URL and its origin, never the request's Host header (a
 * forged Host must not choose whose credentials are asked for).
 */
export function parteConfiable(config: Pick<Config, "publicUrl">) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The address the browser answered from (the origin in the answer's clientDataJSON), or null when
 * it cannot be read. A passkey made or used at another address than PUBLIC_URL's never verifies:
 * the caller then says which address to open instead of "try again".
 */
export function origenDeRespuesta(respuesta: unknown): string | null {
  const datos = (respuesta as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof datos !== "string") return null;
  try {
    const origen = JSON.parse(Buffer.from(datos, "base64url").toString("utf8"))?.origin;
    return typeof origen === "string" ? origen : null;
  } catch {
    return null;
  }
}

/** Whether the answer came from another address than the app's (PUBLIC_URL's origin). */
export function deOtraDireccion(config: Pick<Config, "publicUrl">, respuesta: unknown): boolean {
  const origen = origenDeRespuesta(respuesta);
  return origen !== null && origen !== parteConfiable(config).origin;
}

export interface CredencialGuardada {
  credencialId: string;
  clavePublica: Buffer;
  contador: number;
  transportes: string[] | null;
}

export async function opcionesRegistro(
  config: Pick<Config, "publicUrl">,
  u: { idUsuario: number; usuario: string; nombre: string; apellido: string },
  existentes: CredencialGuardada[],
) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: EMISOR,
    rpID: parteConfiable(config).rpID,
    userName: u.usuario,
    userDisplayName: `${u.nombre} ${u.apellido}`,
    userID: new TextEncoder().encode(`registro-firmas:${u.idUsuario}`),
    attestationType: "none",
    excludeCredentials: existentes.map((c) => ({ id: c.credencialId, transports: c.transportes ?? undefined })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** The new credential when the browser's answer is valid for the challenge, else null. */
export async function verificarRegistro(config: Pick<Config, "publicUrl">, respuesta: unknown, reto: string) {
  const { rpID, origin } = parteConfiable(config);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const r = await verifyRegistrationResponse({
      response: respuesta as RegistrationResponseJSON,
      expectedChallenge: reto,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // A second factor proves possession; the password was the first.
      requireUserVerification: false,
    });
    if (!r.verified) return null;
    const c = r.registrationInfo.credential;
    return {
      credencialId: c.id,
      clavePublica: Buffer.from(c.publicKey),
      contador: c.counter,
      transportes: c.transports ?? [],
    };
  } catch {
    return null;
  }
}

export async function opcionesAutenticacion(config: Pick<Config, "publicUrl">, credenciales: CredencialGuardada[]) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: parteConfiable(config).rpID,
    allowCredentials: credenciales.map((c) => ({ id: c.credencialId, transports: c.transportes ?? undefined })),
    userVerification: "preferred",
  });
}

/** The credential's new signature counter when the assertion is valid, else null. */
export async function verificarAutenticacion(
  config: Pick<Config, "publicUrl">,
  respuesta: unknown,
  reto: string,
  c: CredencialGuardada,
): Promise<number | null> {
  const { rpID, origin } = parteConfiable(config);
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const r = await verifyAuthenticationResponse({
      response: respuesta as AuthenticationResponseJSON,
      expectedChallenge: reto,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: c.credencialId,
        publicKey: new Uint8Array(c.clavePublica),
        counter: c.contador,
        transports: (c.transportes ?? undefined) as never,
      },
      requireUserVerification: false,
    });
    return r.verified ? r.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- recovery codes

const ALFABETO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CANTIDAD_CODIGOS = 10;

/** Ten codes like `K7QM-2XHD-9PRT-WB4N` (16 letters of a 32-sign alphabet: 80 random bits). */
export function nuevosCodigos(): string[] {
  return Array.from({ length: CANTIDAD_CODIGOS }, () => {
    const bytes = crypto.randomBytes(16);
    const letras = Array.from(bytes, (b) => ALFABETO[b % 32]).join("");
    return letras.match(/.{4}/g)!.join("-");
  });
}

/** Codes are compared without dashes, spaces or case, so a code typed as read is accepted. */
export function hashCodigo(codigo: string): string {
  const limpio = codigo.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return crypto.createHash("sha256").update(limpio).digest("hex");
}

/** The opaque challenges handed to the client: 256 random bits; only their SHA-256 is stored. */
export function nuevoDesafio(): { desafio: string; hash: string } {
  const desafio = crypto.randomBytes(32).toString("base64url");
  return { desafio, hash: crypto.createHash("sha256").update(desafio).digest("hex") };
}

export function hashDesafio(desafio: string): string {
  return crypto.createHash("sha256").update(desafio).digest("hex");
}
