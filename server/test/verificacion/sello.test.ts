/**
 * Sealed constancias: the issued file carries a PAdES signature (ETSI.CAdES.detached, with
 * signing-certificate-v2) by the configured seal certificate that poppler's pdfsig accepts, one
 * changed byte breaks it, the visible seal says who sealed it and when, the registry keeps the
 * file's hash, and without a configured certificate a development one ("solo para pruebas") is made
 * in the data folder. With TSA_URL the seal carries an RFC 3161 timestamp from a small TSA the test
 * runs itself (`openssl ts -reply` behind a node HTTP server), which `openssl ts -verify` accepts.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OID } from "../../src/verificacion/sellado.js";
import { ARCHIVO_PRUEBAS, CN_PRUEBAS, cargarSello, SelloError } from "../../src/verificacion/sello.js";
import { hashCodigo } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { textoPdf } from "../support/lectores.js";
import { accion } from "../support/revision.js";

const CN = "Sello Electrónico Contraloría General PRUEBA-CONFIGURADA";
const CLAVE_P12 = "clave del sello 123";
let dir: string;
let t: TestApp;
let idSolicitud: number;

/** A seal certificate as an operator would get it: an openssl-made PKCS#12 with a password. */
function crearP12(destino: string) {
  const key = path.join(dir, "sello.key");
  const crt = path.join(dir, "sello.crt");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-utf8",
      "-keyout",
      key,
      "-out",
      crt,
      "-days",
      "30",
      "-subj",
      `/CN=${CN}/O=Contraloría General de la República/C=DO`,
    ],
    { stdio: "pipe" },
  );
  execFileSync(
    "openssl",
    ["pkcs12", "-export", "-inkey", key, "-in", crt, "-out", destino, "-passout", `pass:${CLAVE_P12}`],
    {
      stdio: "pipe",
    },
  );
}

async function filas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/** pdfsig's report of a file (it exits non-zero when a signature does not verify). */
function pdfsig(pdf: Buffer, nombre: string): string {
  const archivo = path.join(dir, nombre);
  fs.writeFileSync(archivo, pdf);
  const r = spawnSync("pdfsig", [archivo], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

async function emitir(app: TestApp, id: number): Promise<Buffer> {
  const res = await app.as("originador", { method: "GET", url: `/api/Verificacion/GetConstancia/${id}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  return res.rawPayload;
}

/** The CMS inside the file's last signature, parsed. */
function cmsDe(pdf: Buffer): pkijs.SignedData {
  const texto = pdf.toString("latin1");
  const m = [...texto.matchAll(/\/Contents\s*<([0-9a-fA-F]+)>/g)].at(-1);
  if (!m) throw new Error("no signature contents");
  const der = Buffer.from(m[1].replace(/(00)+$/, ""), "hex");
  const info = pkijs.ContentInfo.fromBER(der);
  return new pkijs.SignedData({ schema: info.content });
}

async function solicitudActiva(app: TestApp): Promise<number> {
  const s = await crearSolicitud(app.db, {
    estatus: 105,
    funcionarios: 1,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(app, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);
  return s.idSolicitud;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-sello-"));
  crearP12(path.join(dir, "sello.p12"));
  t = await crearTestApp({
    PUBLIC_URL: "https://firmas.example.gob.do",
    DATA_DIR: path.join(dir, "datos"),
    SELLO_P12_FILE: path.join(dir, "sello.p12"),
    SELLO_P12_PASSWORD: CLAVE_P12,
  });
  idSolicitud = await solicitudActiva(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the sealed constancia", () => {
  let pdf: Buffer;

  it("is signed by the configured seal certificate: pdfsig reports a valid ETSI.CAdES.detached signature over the whole file", async () => {
    pdf = await emitir(t, idSolicitud);
    const informe = pdfsig(pdf, "emitida.pdf");
    expect(informe).toContain(`Signer Certificate Common Name: ${CN}`);
    expect(informe).toContain("Signature Validation: Signature is Valid.");
    expect(informe).toContain("Signature Type: ETSI.CAdES.detached");
    expect(informe).toContain("Total document signed");
    // No development seal was made when one is configured.
    expect(fs.existsSync(path.join(dir, "datos", ARCHIVO_PRUEBAS))).toBe(false);
  });

  it("is a PAdES baseline CMS: signing-certificate-v2 of the seal certificate, no signing-time attribute", () => {
    const cms = cmsDe(pdf);
    const firmante = cms.signerInfos[0];
    const tipos = firmante.signedAttrs?.attributes.map((a) => a.type) ?? [];
    expect(tipos).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2]);
    expect(tipos).not.toContain("1.2.840.113549.1.9.5");
    const cert = cms.certificates?.[0] as pkijs.Certificate;
    const der = Buffer.from(cert.toSchema().toBER(false));
    const hash = crypto.createHash("sha256").update(der).digest("hex");
    const v2 = firmante.signedAttrs?.attributes.find((a) => a.type === OID.signingCertificateV2);
    expect(Buffer.from(v2?.values[0].toBER(false) ?? new ArrayBuffer(0)).toString("hex")).toContain(hash);
    expect(firmante.unsignedAttrs).toBeUndefined();
  });

  it("shows a visible seal block: sealed by the Contraloría, the certificate's subject and the date", () => {
    const texto = textoPdf(pdf).join(" ").replace(/\s+/g, " ").replace(/- /g, "-");
    expect(texto).toContain("SELLO ELECTRÓNICO");
    expect(texto).toContain("Sellado electrónicamente por la Contraloría General de la República.");
    expect(texto).toContain("Certificado:");
    expect(texto).toContain(`Certificado: ${CN}`);
    expect(texto).toMatch(/Fecha: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(texto).not.toContain("SOLO PARA PRUEBAS");
    // The signature's widget lies on the first page, over that block.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Widget[\s\S]*\/Rect \[342 /);
  });

  it("is recorded with the SHA-256 of the file as issued and of the seal certificate", async () => {
    const codigo = /\/Verificar\/([0-9A-Z-]{24})/.exec(pdf.toString("latin1"))?.[1] ?? "";
    const [fila] = await filas<{ pdf_sha256: string; sello_huella: string }>(
      sql`select pdf_sha256, sello_huella from constancias where codigo_hash = ${hashCodigo(codigo)}`,
    );
    expect(fila.pdf_sha256).toBe(crypto.createHash("sha256").update(pdf).digest("hex"));
    const cert = new crypto.X509Certificate(fs.readFileSync(path.join(dir, "sello.crt")));
    expect(fila.sello_huella).toBe(crypto.createHash("sha256").update(cert.raw).digest("hex"));
  });

  it("stops verifying when one byte of the signed range changes", () => {
    const texto = pdf.toString("latin1");
    const rango = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(texto);
    expect(rango).not.toBeNull();
    // A byte of the page's text (first signed range), and one after the signature (second range).
    // A hex digit of a shown text (`[<…>] TJ`): a changed letter on the page.
    const enTexto = texto.search(/\[<[0-9a-f]{4}/) + 2;
    expect(enTexto).toBeGreaterThan(2);
    expect(enTexto).toBeLessThan(Number(rango?.[2]));
    for (const [nombre, pos] of [
      ["texto", enTexto],
      ["final", Number(rango?.[3]) + 5],
    ] as const) {
      const alterado = Buffer.from(pdf);
      alterado[pos] = alterado[pos] === 0x34 ? 0x35 : 0x34;
      const informe = pdfsig(alterado, `alterada-${nombre}.pdf`);
      expect(informe, nombre).not.toContain("Signature is Valid");
      expect(informe, nombre).toMatch(/Digest Mismatch|Signature is Invalid|Signature has not yet been verified/);
    }
  });
});

describe("the development seal", () => {
  it("is created in the data folder on first use, named 'solo para pruebas' in the seal, and said at start-up", async () => {
    const datos = path.join(dir, "datos-pruebas");
    const lineas: string[] = [];
    const sello = cargarSello(
      { selloP12File: undefined, selloP12Password: undefined, dataDir: datos },
      new Date(),
      (l) => lineas.push(l),
    );
    expect(sello.pruebas).toBe(true);
    expect(sello.sujeto).toBe(CN_PRUEBAS);
    expect(sello.clave.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(fs.existsSync(path.join(datos, ARCHIVO_PRUEBAS))).toBe(true);
    expect(lineas.join("\n")).toMatch(/created in .*sello-solo-para-pruebas\.p12/);
    expect(lineas.join("\n")).toContain("solo para pruebas");
    // The second start reads the same certificate and still says it is a development one.
    const otras: string[] = [];
    const otra = cargarSello(
      { selloP12File: undefined, selloP12Password: undefined, dataDir: datos },
      new Date(),
      (l) => otras.push(l),
    );
    expect(otra.huella).toBe(sello.huella);
    expect(otras.join("\n")).not.toContain("created");
    expect(otras.join("\n")).toContain("solo para pruebas");

    const dev = await crearTestApp({ DATA_DIR: datos });
    try {
      const pdf = await emitir(dev, await solicitudActiva(dev));
      const informe = pdfsig(pdf, "pruebas.pdf");
      expect(informe).toContain(`Signer Certificate Common Name: ${CN_PRUEBAS}`);
      expect(informe).toContain("Signature Validation: Signature is Valid.");
      expect(textoPdf(pdf).join(" ").replace(/\s+/g, " ")).toContain(
        "SOLO PARA PRUEBAS: certificado de desarrollo, sin validez oficial.",
      );
    } finally {
      await dev.close();
    }
  });

  it("a wrong password or a missing file stops the start with a Spanish line naming the setting", () => {
    const p12 = path.join(dir, "sello.p12");
    expect(() => cargarSello({ selloP12File: p12, selloP12Password: "otra", dataDir: dir }, new Date())).toThrow(
      SelloError,
    );
    expect(() => cargarSello({ selloP12File: p12, selloP12Password: "otra", dataDir: dir }, new Date())).toThrow(
      /SELLO_P12_FILE: no se pudo abrir .*contraseña SELLO_P12_PASSWORD/,
    );
    expect(() =>
      cargarSello({ selloP12File: path.join(dir, "no-existe.p12"), selloP12Password: "", dataDir: dir }, new Date()),
    ).toThrow(/SELLO_P12_FILE: no se pudo leer/);
  });
});

/** A time-stamping authority: openssl ts -reply answers each query posted to it. */
async function iniciarTsa(): Promise<{ url: string; pedidos: () => number; cerrar: () => Promise<void> }> {
  const tsa = path.join(dir, "tsa");
  fs.mkdirSync(tsa, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      path.join(tsa, "tsa.key"),
      "-out",
      path.join(tsa, "tsa.crt"),
      "-days",
      "30",
      "-subj",
      "/CN=Autoridad de sellado de tiempo de pruebas/C=DO",
      "-addext",
      "extendedKeyUsage=critical,timeStamping",
      "-addext",
      "keyUsage=critical,digitalSignature",
    ],
    { stdio: "pipe" },
  );
  fs.writeFileSync(path.join(tsa, "serial"), "01\n");
  fs.writeFileSync(
    path.join(tsa, "tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = tsa_pruebas",
      "[ tsa_pruebas ]",
      `serial = ${path.join(tsa, "serial")}`,
      `signer_cert = ${path.join(tsa, "tsa.crt")}`,
      `certs = ${path.join(tsa, "tsa.crt")}`,
      `signer_key = ${path.join(tsa, "tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.3.6.1.4.1.99999.1",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ordering = yes",
      "tsa_name = yes",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );
  let n = 0;
  const server = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on("data", (b: Buffer) => partes.push(b));
    req.on("end", () => {
      n++;
      const consulta = path.join(tsa, `q${n}.tsq`);
      const respuesta = path.join(tsa, `r${n}.tsr`);
      fs.writeFileSync(consulta, Buffer.concat(partes));
      execFile(
        "openssl",
        ["ts", "-reply", "-config", path.join(tsa, "tsa.cnf"), "-queryfile", consulta, "-out", respuesta],
        (error) => {
          if (error || req.headers["content-type"] !== "application/timestamp-query") {
            res.writeHead(400).end();
            return;
          }
          res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(fs.readFileSync(respuesta));
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    pedidos: () => n,
    cerrar: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("the timestamp (TSA_URL)", () => {
  it("is asked over the signature value and embedded as its signature-time-stamp; openssl ts -verify accepts it", async () => {
    const tsa = await iniciarTsa();
    const conTsa = await crearTestApp({
      DATA_DIR: path.join(dir, "datos"),
      SELLO_P12_FILE: path.join(dir, "sello.p12"),
      SELLO_P12_PASSWORD: CLAVE_P12,
      TSA_URL: tsa.url,
    });
    try {
      const pdf = await emitir(conTsa, await solicitudActiva(conTsa));
      expect(tsa.pedidos()).toBe(1);
      const informe = pdfsig(pdf, "con-sello-de-tiempo.pdf");
      expect(informe).toContain("Signature Validation: Signature is Valid.");
      expect(informe).toContain(`Signer Certificate Common Name: ${CN}`);
      const firmante = cmsDe(pdf).signerInfos[0];
      const atributos = firmante.unsignedAttrs?.attributes ?? [];
      expect(atributos.map((a) => a.type)).toEqual([OID.signatureTimeStampToken]);
      const token = path.join(dir, "token.der");
      fs.writeFileSync(token, Buffer.from(atributos[0].values[0].toBER(false)));
      const huella = crypto.createHash("sha256").update(firmante.signature.valueBlock.valueHexView).digest("hex");
      const verificado = spawnSync(
        "openssl",
        ["ts", "-verify", "-in", token, "-token_in", "-digest", huella, "-CAfile", path.join(dir, "tsa", "tsa.crt")],
        { encoding: "utf8" },
      );
      expect(`${verificado.stdout}${verificado.stderr}`).toContain("Verification: OK");
      // Over anything else, it does not verify.
      const otra = spawnSync(
        "openssl",
        [
          "ts",
          "-verify",
          "-in",
          token,
          "-token_in",
          "-digest",
          "00".repeat(32),
          "-CAfile",
          path.join(dir, "tsa", "tsa.crt"),
        ],
        { encoding: "utf8" },
      );
      expect(`${otra.stdout}${otra.stderr}`).not.toContain("Verification: OK");

      // The authority gone: no constancia is issued (nor recorded), and the answer says why.
      await tsa.cerrar();
      const cuantas = async () =>
        (
          (await conTsa.db.execute(sql`select count(*)::int as n from constancias`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n;
      const antes = await cuantas();
      const res = await conTsa.as("originador", {
        method: "GET",
        url: `/api/Verificacion/GetConstancia/${await solicitudActiva(conTsa)}`,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: MSG.selloTiempoNoDisponible });
      expect(await cuantas()).toBe(antes);
    } finally {
      await conTsa.close();
    }
  });
});
