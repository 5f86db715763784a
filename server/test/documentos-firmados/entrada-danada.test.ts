/**
 * Bad input gets the house's validation error on its field with a Spanish message (not a PDF,
 * encrypted, no signature, malformed CMS, over the size limit), and any file gets an answer or
 * that error, never anything else (a 500): signed PDFs with
 * bytes overwritten, cut short or inserted anywhere (the structure, the signature's hex, the byte
 * range), and random .p7s bytes, through the engine (property test, fast-check). A file that still
 * reads keeps one analysis per signature found, and a signature whose signed bytes changed is
 * never reported intact.
 */
import { MSG } from "@registro/contracts";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analizarDocumento } from "../../src/documentos-firmados/firma/analizar.js";
import { AppError } from "../../src/shared/errors.js";
import { type Casos, crearCasos, DEMASIADO_GRANDE, entrada } from "../support/documentos-firmados.js";
import { pdfPrueba } from "../support/pdf-firmado.js";
import { crearPki, type Pki } from "../support/pki.js";

let pki: Pki;
let casos: Casos;

beforeAll(async () => {
  pki = await crearPki();
  casos = await crearCasos(pki);
});

const analizar = (documento: Buffer, extra = {}) => analizarDocumento(entrada(pki, documento, extra));

type Dano = { tipo: "sobrescribir" | "cortar" | "insertar"; pos: number; bytes: number[] };

function danar(b: Buffer, d: Dano): Buffer {
  const pos = Math.floor(d.pos * b.length);
  const bytes = Buffer.from(d.bytes);
  if (d.tipo === "cortar") return b.subarray(0, pos);
  if (d.tipo === "insertar") return Buffer.concat([b.subarray(0, pos), bytes, b.subarray(pos)]);
  const copia = Buffer.from(b);
  bytes.copy(copia, pos);
  return copia;
}

const dano = fc.record({
  tipo: fc.constantFrom<Dano["tipo"]>("sobrescribir", "cortar", "insertar"),
  pos: fc.double({ min: 0, max: 0.9999, noNaN: true }),
  bytes: fc.array(
    fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x3c, 0x3e, 0x28, 0x29, 0x2f, 0x5b, 0x5d, 0x30)),
    {
      minLength: 1,
      maxLength: 12,
    },
  ),
});

/** The analysis, or null when the engine refused the input with the validation error. */
async function analizarOValidacion(documento: Buffer, firmaSeparada?: Buffer) {
  try {
    return await analizarDocumento(entrada(pki, documento, firmaSeparada ? { firmaSeparada } : {}));
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).codigo).toBe("Validacion");
    return null;
  }
}

describe("damaged input", () => {
  it("a signed PDF damaged anywhere: an analysis or the validation error", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<keyof Casos>("valida", "dosFirmantes", "selladaAntesDeRevocar"),
        dano,
        async (caso, d) => {
          const original = casos[caso];
          const danado = danar(original, d);
          const r = await analizarOValidacion(danado);
          if (!r) return;
          for (const f of r.firmas) expect(typeof f.integridad.intacta).toBe("boolean");
          // Overwriting bytes inside the only signature's first signed range breaks it.
          const rango = /\/ByteRange \[0 (\d+)/.exec(original.toString("latin1"));
          const pos = Math.floor(d.pos * original.length);
          const cambia = !danado
            .subarray(pos, pos + d.bytes.length)
            .equals(original.subarray(pos, pos + d.bytes.length));
          if (
            caso === "valida" &&
            d.tipo === "sobrescribir" &&
            rango &&
            pos + d.bytes.length < Number(rango[1]) &&
            cambia
          ) {
            expect(r.firmas.map((f) => f.integridad.intacta)).not.toContain(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("random bytes as a .p7s, and as a PDF: the validation error", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 400 }), async (bytes) => {
        const b = Buffer.from(bytes);
        expect(await analizarOValidacion(Buffer.from("documento"), b)).toBeNull();
        expect(await analizarOValidacion(Buffer.concat([Buffer.from("%PDF-1.7\n"), b]))).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

describe("bad input: the validation error, in Spanish, on its field", () => {
  const error = (campo: string, mensaje: string) => ({
    codigo: "Validacion",
    message: MSG.datosInvalidos,
    errors: { [campo]: [mensaje] },
  });

  it("not a PDF", async () => {
    await expect(analizar(Buffer.from("hola, no soy un PDF"))).rejects.toMatchObject(
      error("Archivo", MSG.documentoFirmadoNoPdf),
    );
  });

  it("an encrypted PDF", async () => {
    const cifrado = Buffer.from(
      casos.valida.toString("latin1").replace(/trailer\s*<</g, "trailer\n<< /Encrypt 99 0 R"),
      "latin1",
    );
    await expect(analizar(cifrado)).rejects.toMatchObject(error("Archivo", MSG.documentoFirmadoCifrado));
  });

  it("a PDF without signatures", async () => {
    await expect(analizar(await pdfPrueba())).rejects.toMatchObject(error("Archivo", MSG.documentoFirmadoSinFirmas));
  });

  it("a signature whose CMS is malformed", async () => {
    const texto = casos.valida.toString("latin1");
    const inicio = texto.indexOf("/Contents <") + "/Contents <".length;
    const roto = Buffer.from(casos.valida);
    roto.write("3082FFFF0102", inicio, "latin1");
    await expect(analizar(roto)).rejects.toMatchObject(error("Archivo", MSG.documentoFirmadoFirmaIlegible(1)));
  });

  it("a .p7s that is not CMS", async () => {
    await expect(analizar(Buffer.from("x"), { firmaSeparada: Buffer.from("no es una firma") })).rejects.toMatchObject(
      error("Firma", MSG.documentoFirmadoCmsIlegible),
    );
  });

  it("a file over the limit, and a .p7s over it", async () => {
    const grande = Buffer.alloc(DEMASIADO_GRANDE, 0x20);
    await expect(analizar(grande)).rejects.toMatchObject(error("Archivo", MSG.documentoFirmadoMuyGrande(25)));
    await expect(analizar(Buffer.from("x"), { firmaSeparada: grande })).rejects.toMatchObject(
      error("Firma", MSG.documentoFirmadoMuyGrande(25)),
    );
  });
});
