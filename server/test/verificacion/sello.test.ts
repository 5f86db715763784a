/**
 * Sealed constancias: the issued file carries a PAdES signature (ETSI.CAdES.detached, with
 * signing-certificate-v2) by the configured seal certificate that poppler's pdfsig accepts, one
 * changed byte breaks it, the visible seal says who sealed it and when, the registry keeps the
 * file's hash, and without a configured certificate a development one ("solo para pruebas") is made
 * in the data folder. With TSA_URL the seal carries an RFC 3161 timestamp from a small TSA the test
 * runs itself (`openssl ts -reply` behind a node HTTP server), which `openssl ts -verify` accepts.
 * The public upload check (POST api/Verificacion/ComprobarConstancia) agrees with pdfsig, knows the
 * issued file from a changed one, and answers broken files with 200 or 400, never 500.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { MAX_BYTES_CONSTANCIA, MSG } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recortarDer } from "../../src/documentos-firmados/firma/pdf-firmas.js";
import { pdfMuestra, pngMuestra } from "../../src/seed/archivos-muestra.js";
import { constanciaPdf } from "../../src/verificacion/constancia.pdf.js";
import { OID, sellarPdf } from "../../src/verificacion/sellado.js";
import { ARCHIVO_PRUEBAS, CN_PRUEBAS, cargarSello, SelloError } from "../../src/verificacion/sello.js";
import { hashCodigo } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { multipart } from "../support/formularios.js";
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
  // The DER's own length, not "strip trailing zeros": a token whose last byte is 0x00 (one
  // signature in 256) lost it that way, and the CMS no longer parsed.
  const der = recortarDer(Buffer.from(m[1], "hex"));
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

const comprobar = (app: TestApp, contenido: Buffer | null, extra: Record<string, string> = {}) => {
  const cuerpo = multipart(
    {},
    contenido ? { Archivo: { nombre: "constancia.pdf", contenido, tipo: "application/pdf" } } : {},
  );
  return app.app.inject({
    method: "POST",
    url: "/api/Verificacion/ComprobarConstancia",
    payload: cuerpo.payload,
    headers: { ...cuerpo.headers, ...extra },
  });
};

describe("POST api/Verificacion/ComprobarConstancia (public)", () => {
  let pdf: Buffer;
  let codigo: string;

  beforeAll(async () => {
    pdf = await emitir(t, idSolicitud);
    codigo = /\/Verificar\/([0-9A-Z-]{24})/.exec(pdf.toString("latin1"))?.[1] ?? "";
  });

  it("400 without a file, for a file that is not a PDF, and over the size limit; a Spanish message on Archivo", async () => {
    for (const [contenido, mensaje] of [
      [null, MSG.constanciaArchivoRequerido],
      [Buffer.alloc(0), MSG.constanciaArchivoRequerido],
      [pngMuestra(), MSG.constanciaNoPdf],
      [Buffer.from("texto cualquiera"), MSG.constanciaNoPdf],
      [
        Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(MAX_BYTES_CONSTANCIA)]),
        MSG.archivoTamano(MAX_BYTES_CONSTANCIA),
      ],
    ] as const) {
      const res = await comprobar(t, contenido);
      expect(res.statusCode, mensaje).toBe(400);
      expect(res.json(), mensaje).toEqual({
        success: false,
        message: MSG.datosInvalidos,
        errors: { Archivo: [mensaje] },
      });
    }
    const json = await t.app.inject({ method: "POST", url: "/api/Verificacion/ComprobarConstancia", payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it("the issued file: the Contraloría's seal is valid and it is the constancia the registry issued", async () => {
    const res = await comprobar(t, pdf);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      selloValido: true,
      sello: "valido",
      selloTexto: MSG.selloValido,
      emitidaPorRegistro: true,
      emision: "emitida",
      emisionTexto: expect.stringContaining(`para la solicitud n.º ${idSolicitud}`),
      codigo,
      idSolicitud,
      emitida: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      certificado: CN,
      pruebas: false,
      selloTiempo: null,
      veredicto: "emitida",
      veredictoTexto: expect.stringContaining(`con el código ${codigo} para la solicitud n.º ${idSolicitud}`),
      ultima: true,
      ultimaEmitida: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      ultimaCodigo: codigo,
      ultimaTexto: MSG.ultimaSi,
      deLaPagina: null,
      noAutorizados: [],
    });
  });

  it("agrees with pdfsig on a changed byte: the seal is broken and the file is not the one issued", async () => {
    const texto = pdf.toString("latin1");
    const pos = texto.search(/\[<[0-9a-f]{4}/) + 2;
    const alterado = Buffer.from(pdf);
    alterado[pos] = alterado[pos] === 0x34 ? 0x35 : 0x34;
    expect(pdfsig(alterado, "alterada-subida.pdf")).not.toContain("Signature is Valid");
    const body = (await comprobar(t, alterado)).json();
    expect(body).toMatchObject({
      selloValido: false,
      sello: "alterado",
      selloTexto: MSG.selloAlterado,
      emitidaPorRegistro: false,
      emision: "distinta",
      emisionTexto: MSG.emisionDistinta,
      codigo,
    });
    // Bytes added after the seal (an incremental update) are a change too.
    const anadido = Buffer.concat([pdf, Buffer.from("\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")]);
    expect((await comprobar(t, anadido)).json()).toMatchObject({ sello: "alterado", emision: "distinta" });
  });

  it("an unsealed PDF, a PDF sealed with another certificate, and a constancia issued before seals", async () => {
    expect((await comprobar(t, pdfMuestra("Documento sin sello"))).json()).toMatchObject({
      selloValido: false,
      sello: "ausente",
      selloTexto: MSG.selloAusente,
      emision: "desconocida",
      emisionTexto: MSG.emisionDesconocida,
      codigo: null,
      certificado: null,
    });
    // Signed correctly, but by a certificate that is not a seal of the registry: "ajeno".
    const otro = cargarSello(
      { selloP12File: undefined, selloP12Password: undefined, dataDir: path.join(dir, "otro-sello") },
      new Date(),
    );
    const { pdf: sinSello, rectangulo } = await constanciaPdf({
      codigo,
      url: `https://firmas.example.gob.do/Verificar/${codigo}`,
      idSolicitud,
      institucion: "Institución falsa",
      incumbente: { nombre: "Nadie", cargo: "Ninguno" },
      aprobada: null,
      emitida: "2026-01-01",
      estatusSolicitud: "Activa",
      funcionarios: [],
      sello: { sujeto: otro.sujeto, pruebas: true, fecha: new Date() },
    });
    const falsa = await sellarPdf(sinSello, { sello: otro, fecha: new Date(), rectangulo });
    expect(pdfsig(falsa, "otro-sello.pdf")).toContain("Signature is Valid");
    expect((await comprobar(t, falsa)).json()).toMatchObject({
      selloValido: false,
      sello: "ajeno",
      selloTexto: MSG.selloAjeno,
      emision: "distinta",
      certificado: CN_PRUEBAS,
    });
    // A constancia issued before seals has no file hash to compare.
    await t.db.execute(sql`update constancias set pdf_sha256 = null where codigo_hash = ${hashCodigo(codigo)}`);
    try {
      expect((await comprobar(t, pdf)).json()).toMatchObject({ sello: "valido", emision: "anterior" });
    } finally {
      await t.db.execute(
        sql`update constancias set pdf_sha256 = ${crypto.createHash("sha256").update(pdf).digest("hex")}
            where codigo_hash = ${hashCodigo(codigo)}`,
      );
    }
  });

  it("answers broken files with 200 or 400, never a 500", async () => {
    const texto = pdf.toString("latin1");
    const rango = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(texto);
    const b = Number(rango?.[2]);
    const conTexto = (viejo: string | RegExp, nuevo: string) => Buffer.from(texto.replace(viejo, nuevo), "latin1");
    const rotos: [string, Buffer][] = [
      ["cortado a la mitad", pdf.subarray(0, Math.floor(pdf.length / 2))],
      ["cortado dentro de la firma", pdf.subarray(0, b + 100)],
      ["sin el final", pdf.subarray(0, pdf.length - 10)],
      ["rango enorme", conTexto(/\/ByteRange \[[^\]]*\]/, "/ByteRange [0 9999999999 9999999999 9999999999]")],
      ["rango al revés", conTexto(/\/ByteRange \[[^\]]*\]/, "/ByteRange [0 900 100 50]")],
      ["firma no hexadecimal", Buffer.concat([pdf.subarray(0, b + 1), Buffer.from("zz"), pdf.subarray(b + 3)])],
      [
        "firma de ceros",
        Buffer.concat([
          pdf.subarray(0, b + 1),
          Buffer.alloc(Number(rango?.[3]) - b - 2, "0"),
          pdf.subarray(Number(rango?.[3]) - 1),
        ]),
      ],
      [
        "firma basura",
        Buffer.concat([
          pdf.subarray(0, b + 1),
          Buffer.from("3082ffff".padEnd(Number(rango?.[3]) - b - 2, "a")),
          pdf.subarray(Number(rango?.[3]) - 1),
        ]),
      ],
      ["solo cabecera", Buffer.from("%PDF-1.7\n")],
      ["cabecera y azar", Buffer.concat([Buffer.from("%PDF-1.4\n/ByteRange [0 10 20 5]\n"), crypto.randomBytes(5000)])],
    ];
    for (const [nombre, contenido] of rotos) {
      const res = await comprobar(t, contenido);
      expect([200, 400], nombre).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().selloValido, nombre).toBe(false);
    }
  });

  it("is rate-limited per address like the public look-up", async () => {
    const limitada = await crearTestApp({ VERIFICACION_RATE_LIMIT: "2" });
    try {
      const estados: number[] = [];
      for (let i = 0; i < 3; i++) estados.push((await comprobar(limitada, pdfMuestra("x"))).statusCode);
      expect(estados).toEqual([200, 200, 429]);
    } finally {
      await limitada.close();
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
