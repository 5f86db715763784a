/** The common-password list shipped with the app: large enough, and read without network. */
import { describe, expect, it } from "vitest";
import { enLista, tamanoLista } from "../../src/auth/claves-comunes.js";

describe("common-password list", () => {
  it("holds at least 100,000 entries and finds well-known ones in any case", () => {
    expect(tamanoLista()).toBeGreaterThanOrEqual(100_000);
    for (const p of ["123456", "password", "qwerty", "iloveyou", "1q2w3e4r5t6y", "QWERTYUIOP123"]) {
      expect(enLista(p), p).toBe(true);
    }
    expect(enLista("Sol.Marino.Tranquilo.44")).toBe(false);
  });
});
