/**
 * The documents' ZIP reader on its own: names that carry a cédula, every refusal of the whole ZIP
 * (not a ZIP, damaged, bad names, two documents of one cédula, too many files, too many bytes, a
 * bomb — counted on the inflated bytes, whatever the headers say) and the refusals of one document
 * (type by content, size, name).
 */
import crypto from "node:crypto";
import { LIMITES_ZIP, MAX_BYTES_DOCUMENTO, MSG, MSG_IMPORTACION } from "@registro/contracts";
import { describe, expect, it } from "vitest";
import { cedulaDeNombre, examinarZip, leerDocumentos, ZipInvalido } from "../../src/importacion/documentos.js";
import { pdf, zip } from "../support/importacion.js";

async function refusal(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ZipInvalido);
  return (e as ZipInvalido).mensaje;
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("names", () => {
  it("a file name carries the cédula with or without dashes, in any folder; other names do not", () => {
    expect(cedulaDeNombre("001-1234567-8.pdf")).toBe("001-1234567-8");
    expect(cedulaDeNombre("00112345678.PNG")).toBe("001-1234567-8");
    expect(cedulaDeNombre("tarjeta 001-1234567-8.pdf")).toBeNull();
    expect(cedulaDeNombre("001-1234567.pdf")).toBeNull();
  });
});

describe("a ZIP examined", () => {
  it("lists its documents with cédula, size, hash and type by content; folders and system files are skipped", async () => {
    const a = pdf("a");
    const docs = await examinarZip(
      zip([
        { nombre: "tarjetas/", contenido: Buffer.alloc(0) },
        { nombre: "tarjetas/001-1234567-8.pdf", contenido: a },
        { nombre: "00298765432.png", contenido: PNG, sinComprimir: true },
        { nombre: "__MACOSX/tarjetas/._001-1234567-8.pdf", contenido: Buffer.from("x") },
        { nombre: ".DS_Store", contenido: Buffer.from("x") },
      ]),
    );
    expect(docs).toEqual([
      {
        ruta: "tarjetas/001-1234567-8.pdf",
        nombre: "001-1234567-8.pdf",
        cedula: "001-1234567-8",
        tamano: a.length,
        sha256: crypto.createHash("sha256").update(a).digest("hex"),
        mime: "application/pdf",
        error: null,
      },
      expect.objectContaining({ ruta: "00298765432.png", cedula: "002-9876543-2", mime: "image/png", error: null }),
    ]);
  });

  it("a document of a refused type, too big, or named without a cédula is refused alone", async () => {
    const docs = await examinarZip(
      zip([
        { nombre: "001-1234567-8.pdf", contenido: Buffer.from("MZ not a pdf at all") },
        {
          nombre: "002-1234567-8.pdf",
          contenido: Buffer.concat([pdf("b"), crypto.randomBytes(MAX_BYTES_DOCUMENTO)]),
          sinComprimir: true,
        },
        { nombre: "firma de Juan.pdf", contenido: pdf("c") },
      ]),
    );
    expect(docs.map((d) => d.error)).toEqual([
      MSG_IMPORTACION.documentoTipo("001-1234567-8.pdf"),
      MSG_IMPORTACION.documentoTamano("002-1234567-8.pdf", MAX_BYTES_DOCUMENTO),
      MSG_IMPORTACION.documentoNombre("firma de Juan.pdf"),
    ]);
    expect(MSG_IMPORTACION.documentoTipo("x")).toContain(MSG.archivoTipo);
  });

  it("refuses a file that is not a ZIP, a damaged ZIP, and an empty document's bad compression", async () => {
    expect(await refusal(examinarZip(pdf("no")))).toBe(MSG_IMPORTACION.zipNoEsZip);
    expect(await refusal(examinarZip(Buffer.alloc(0)))).toBe(MSG_IMPORTACION.zipNoEsZip);
    const bueno = zip([{ nombre: "001-1234567-8.pdf", contenido: pdf("a") }]);
    const roto = Buffer.from(bueno);
    roto.fill(0x41, 30 + 17, 30 + 40); // the deflated bytes
    expect(await refusal(examinarZip(roto))).toBe(MSG_IMPORTACION.zipIlegible);
    expect(await refusal(examinarZip(bueno.subarray(0, bueno.length - 30)))).toBe(MSG_IMPORTACION.zipIlegible);
  });

  it("refuses absolute and path-traversing names, and backslashes", async () => {
    for (const nombre of ["../001-1234567-8.pdf", "tarjetas/../../x.pdf", "/etc/001-1234567-8.pdf", "C:/x.pdf"]) {
      expect(await refusal(examinarZip(zip([{ nombre, contenido: pdf("a") }]))), nombre).toBe(
        MSG_IMPORTACION.zipRuta(nombre),
      );
    }
    expect(await refusal(examinarZip(zip([{ nombre: "..\\x.pdf", contenido: pdf("a") }])))).toMatch(
      /nombre de archivo no admitido/,
    );
  });

  it("refuses two documents of one cédula", async () => {
    const z = zip([
      { nombre: "a/001-1234567-8.pdf", contenido: pdf("a") },
      { nombre: "b/00112345678.pdf", contenido: pdf("b") },
    ]);
    expect(await refusal(examinarZip(z))).toBe(
      MSG_IMPORTACION.documentoRepetido("001-1234567-8", "a/001-1234567-8.pdf", "b/00112345678.pdf"),
    );
  });

  it("a bomb: expanding past the ratio is refused on the first chunks, whatever its headers declare", async () => {
    const ceros = Buffer.alloc(20 * 1024 * 1024);
    const inicio = performance.now();
    for (const tamanoDeclarado of [undefined, 100]) {
      const z = zip([{ nombre: "001-1234567-8.pdf", contenido: ceros, tamanoDeclarado }]);
      expect(z.length).toBeLessThan(40_000);
      expect(await refusal(examinarZip(z))).toBe(MSG_IMPORTACION.zipBomba);
    }
    expect(performance.now() - inicio).toBeLessThan(3000);
  });

  it("the total inflated and the number of files are limited as they stream", async () => {
    const docs = [1, 2, 3].map((i) => ({
      nombre: `00${i}-1234567-8.pdf`,
      contenido: pdf(crypto.randomBytes(400).toString("hex")),
    }));
    const z = zip(docs);
    await expect(examinarZip(z, { ...LIMITES_ZIP, bytes: 3000 })).resolves.toHaveLength(3);
    expect(await refusal(examinarZip(z, { ...LIMITES_ZIP, bytes: 2000 }))).toBe(MSG_IMPORTACION.zipBomba);
    expect(await refusal(examinarZip(z, { ...LIMITES_ZIP, entradas: 2 }))).toBe(MSG_IMPORTACION.zipDemasiados("2"));
  });

  it("reads back the bytes of the documents asked for, one at a time", async () => {
    const a = pdf("a");
    const z = zip([
      { nombre: "001-1234567-8.pdf", contenido: a },
      { nombre: "002-1234567-8.pdf", contenido: pdf("b") },
    ]);
    const docs = await examinarZip(z);
    const leidos: [string, Buffer][] = [];
    await leerDocumentos(z, new Map([[docs[0].ruta, docs[0]]]), async (d, c) => {
      leidos.push([d.ruta, c]);
    });
    expect(leidos).toEqual([["001-1234567-8.pdf", a]]);
  });
});
