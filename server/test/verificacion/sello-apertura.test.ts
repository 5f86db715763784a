/**
 * Opening the seal's PKCS#12 at start: node-forge's PBKDF2 runs on Node's native code (forge's own,
 * in JavaScript, was the better half of the opening on every start), and gives the same bytes as
 * forge's for any password, salt, count, length and digest.
 */
import crypto from "node:crypto";
import fc from "fast-check";
import forge from "node-forge";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crearSelloPruebas, leerP12, pbkdf2Forge, pbkdf2Nativo } from "../../src/verificacion/sello.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the seal's PKCS#12", () => {
  it("is opened with Node's native PBKDF2, and opens as before", () => {
    const p12 = crearSelloPruebas(new Date("2026-11-29T12:00:00Z"));
    const nativo = vi.spyOn(crypto, "pbkdf2Sync");
    const sello = leerP12(p12, "", "sello.p12", true);
    // The key bag's AES-256 key: 2,048 rounds of HMAC-SHA-1 (forge's PKCS#12 defaults).
    expect(nativo).toHaveBeenCalledWith(expect.any(Buffer), expect.any(Buffer), 2048, 32, "sha1");
    expect(sello.sujeto).toBe("Sello de la Contraloría General (solo para pruebas)");
    expect(sello.clave.asymmetricKeyType).toBe("rsa");
    const firma = crypto.sign("sha256", Buffer.from("constancia"), sello.clave);
    expect(
      crypto.verify(
        "sha256",
        Buffer.from("constancia"),
        new crypto.X509Certificate(sello.certificado).publicKey,
        firma,
      ),
    ).toBe(true);
  });

  it("derives the same bytes as node-forge's own PBKDF2", () => {
    const binaria = fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString("binary"));
    fc.assert(
      fc.property(
        fc.oneof(binaria, fc.string({ unit: "grapheme", maxLength: 12 })),
        binaria,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom("sha1", "sha256", "sha384", "sha512", "md5"),
        (password, salt, iteraciones, largo, digesto) => {
          const md = () => forge.md[digesto as "sha256"].create();
          expect(pbkdf2Nativo(password, salt, iteraciones, largo, md())).toBe(
            pbkdf2Forge(password, salt, iteraciones, largo, md()),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
