/**
 * The Contraloría's seal certificate, with which every constancia is signed (PAdES). It is the
 * PKCS#12 file SELLO_P12_FILE (password SELLO_P12_PASSWORD); without one, a development certificate
 * is created on the first start in the data folder, its subject saying "solo para pruebas", so that
 * nobody can take a test constancia for a real one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import forge from "node-forge";
import type { Config } from "../config.js";

/** The development certificate's subject: printed in the seal and shown by any PDF reader. */
export const CN_PRUEBAS = "Sello de la Contraloría General (solo para pruebas)";
export const ARCHIVO_PRUEBAS = "sello-solo-para-pruebas.p12";

export interface Sello {
  /** The signing key (RSA or EC). */
  clave: crypto.KeyObject;
  /** The seal certificate (DER), then the rest of its chain as the file holds it. */
  certificado: Buffer;
  cadena: Buffer[];
  /** The certificate's subject common name (else its whole subject). */
  sujeto: string;
  emisor: string;
  /** SHA-256 of the certificate (hex): what the registry stores with each constancia. */
  huella: string;
  validoDesde: Date;
  validoHasta: Date;
  /** The development certificate made by the app itself. */
  pruebas: boolean;
  /** Where it came from, for the start-up log. */
  archivo: string;
}

export class SelloError extends Error {}

/** The digests node-forge names as Node does. */
const DIGESTOS_NATIVOS = new Set(["sha1", "sha256", "sha384", "sha512"]);
/** node-forge's own PBKDF2 (JavaScript for a digest object): what pbkdf2Nativo must equal. */
export const pbkdf2Forge = forge.pkcs5.pbkdf2;
/** A character that is no byte: the string is not a forge "binary" string. */
const NO_BYTE = /[\u0100-\uffff]/;

/**
 * PBKDF2 as node-forge computes it (its "binary" strings in and out), by Node's native code. Forge
 * uses Node's only when handed a digest's name; opening a PKCS#12 hands it a digest object, and its
 * JavaScript PBKDF2 (2,048 rounds of HMAC for the key bag) was the better half of the seal's
 * opening at every start. Same bytes (a property test compares them); anything else goes to forge.
 */
export function pbkdf2Nativo(
  password: string,
  salt: string,
  iteraciones: number,
  largo: number,
  md?: unknown,
  ...resto: unknown[]
): string {
  const algoritmo = (md as { algorithm?: unknown } | undefined)?.algorithm;
  const nativo =
    resto.length === 0 &&
    typeof algoritmo === "string" &&
    DIGESTOS_NATIVOS.has(algoritmo) &&
    Number.isInteger(iteraciones) &&
    iteraciones >= 1 &&
    Number.isInteger(largo) &&
    largo >= 1 &&
    !NO_BYTE.test(password) &&
    !NO_BYTE.test(salt);
  if (!nativo) {
    return (pbkdf2Forge as (...a: unknown[]) => string)(password, salt, iteraciones, largo, md, ...resto);
  }
  return crypto
    .pbkdf2Sync(Buffer.from(password, "binary"), Buffer.from(salt, "binary"), iteraciones, largo, algoritmo)
    .toString("binary");
}
forge.pkcs5.pbkdf2 = pbkdf2Nativo as typeof forge.pkcs5.pbkdf2;

function nombre(n: forge.pki.Certificate["subject"]): string {
  const cn = n.getField("CN");
  if (cn) return forge.util.decodeUtf8(String(cn.value));
  return n.attributes.map((a) => `${a.shortName ?? a.name}=${forge.util.decodeUtf8(String(a.value))}`).join(", ");
}

/** Reads a PKCS#12: the key, the certificate that matches it, and the others as its chain. */
export function leerP12(der: Buffer, password: string, archivo: string, pruebas = false): Sello {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString("binary")), false, password);
  } catch (e) {
    throw new SelloError(
      `SELLO_P12_FILE: no se pudo abrir ${archivo} (¿contraseña SELLO_P12_PASSWORD incorrecta?): ${(e as Error).message}`,
    );
  }
  const bolsas = (tipo: string) => p12.getBags({ bagType: tipo })[tipo] ?? [];
  const claves = [...bolsas(forge.pki.oids.pkcs8ShroudedKeyBag), ...bolsas(forge.pki.oids.keyBag)];
  const certs = bolsas(forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  const bolsaClave = claves.find((b) => b.key || b.asn1);
  if (!bolsaClave) throw new SelloError(`SELLO_P12_FILE: ${archivo} no contiene una clave privada.`);
  // forge decodes RSA keys only; the key's PKCS#8 goes to Node, which reads EC keys too.
  const pkcs8 = bolsaClave.key
    ? forge.asn1.toDer(
        forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bolsaClave.key as forge.pki.rsa.PrivateKey)),
      )
    : forge.asn1.toDer(bolsaClave.asn1 as forge.asn1.Asn1);
  const clave = crypto.createPrivateKey({ key: Buffer.from(pkcs8.getBytes(), "binary"), format: "der", type: "pkcs8" });
  const publica = crypto.createPublicKey(clave).export({ format: "der", type: "spki" });
  const der509 = (c: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), "binary");
  const propio = certs.find((c) =>
    new crypto.X509Certificate(der509(c)).publicKey.export({ format: "der", type: "spki" }).equals(publica),
  );
  if (!propio) throw new SelloError(`SELLO_P12_FILE: ${archivo} no contiene el certificado de su clave privada.`);
  const certificado = der509(propio);
  return {
    clave,
    certificado,
    cadena: certs.filter((c) => c !== propio).map(der509),
    sujeto: nombre(propio.subject),
    emisor: nombre(propio.issuer),
    huella: crypto.createHash("sha256").update(certificado).digest("hex"),
    validoDesde: propio.validity.notBefore,
    validoHasta: propio.validity.notAfter,
    pruebas,
    archivo,
  };
}

/**
 * A self-signed development seal: RSA 3072 (Node makes the key, node-forge the certificate), valid
 * ten years from `ahora`, as an unencrypted-password PKCS#12 (password empty).
 */
export function crearSelloPruebas(ahora: Date): Buffer {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 3072 });
  const clave = forge.pki.privateKeyFromPem(privateKey.export({ format: "pem", type: "pkcs1" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(
    (clave as forge.pki.rsa.PrivateKey).n,
    (clave as forge.pki.rsa.PrivateKey).e,
  );
  cert.serialNumber = `01${crypto.randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(ahora.getTime() - 60_000);
  cert.validity.notAfter = new Date(ahora.getTime() + 10 * 365 * 86_400_000);
  const sujeto = [
    { shortName: "CN", value: CN_PRUEBAS, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: "O", value: "Contraloría General de la República", valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: "OU", value: "Registro de Firmas - solo para pruebas" },
    { shortName: "C", value: "DO" },
  ];
  cert.setSubject(sujeto as forge.pki.CertificateField[]);
  cert.setIssuer(sujeto as forge.pki.CertificateField[]);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(clave as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(clave, [cert], "", { algorithm: "aes256", friendlyName: CN_PRUEBAS });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/**
 * SELLO_P12_FILE, else the development seal in the data folder, created when missing (mode 0600,
 * never overwritten: two processes starting together read the one that won). `avisar` receives
 * the start-up lines about a development seal.
 */
export function cargarSello(
  config: Pick<Config, "selloP12File" | "selloP12Password" | "dataDir">,
  ahora: Date,
  avisar: (linea: string) => void = () => {},
): Sello {
  if (config.selloP12File) {
    let der: Buffer;
    try {
      der = fs.readFileSync(config.selloP12File);
    } catch (e) {
      throw new SelloError(`SELLO_P12_FILE: no se pudo leer ${config.selloP12File}: ${(e as Error).message}`);
    }
    return leerP12(der, config.selloP12Password ?? "", config.selloP12File);
  }
  const archivo = path.join(config.dataDir, ARCHIVO_PRUEBAS);
  if (!fs.existsSync(archivo)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Written aside and linked into place: a process starting at the same time sees no file or a whole one.
    const aparte = `${archivo}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(aparte, crearSelloPruebas(ahora), { flag: "wx", mode: 0o600 });
    try {
      fs.linkSync(aparte, archivo);
      avisar(`Development seal certificate created in ${archivo} (CN "${CN_PRUEBAS}").`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    } finally {
      fs.rmSync(aparte, { force: true });
    }
  }
  const sello = leerP12(fs.readFileSync(archivo), "", archivo, true);
  avisar(
    "Constancias are sealed with a development certificate (solo para pruebas): set SELLO_P12_FILE and " +
      "SELLO_P12_PASSWORD to the Contraloría's seal certificate in production.",
  );
  return sello;
}

/** One seal per setting in this process: loaded (or created) on first use, or at start by main.ts. */
const sellos = new Map<string, Sello>();

export function selloDe(
  config: Pick<Config, "selloP12File" | "selloP12Password" | "dataDir">,
  ahora: Date,
  avisar?: (linea: string) => void,
): Sello {
  const llave = `${config.selloP12File ?? ""}\0${config.dataDir}`;
  let sello = sellos.get(llave);
  if (!sello) {
    sello = cargarSello(config, ahora, avisar);
    sellos.set(llave, sello);
  }
  return sello;
}
