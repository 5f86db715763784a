/**
 * Spanish as users read it (DESIGN.md §8): every word of every user-visible text (contracts'
 * messages and display texts, the screens' literals, the manual, documents and e-mails) is in the
 * product's vocabulary (docs/vocabulario.txt), which holds none of the original app's misspellings;
 * questions open with «¿» and have no space before «?»; the API keeps SPEC.md's texts. A new word:
 * check its spelling, then `npx tsx server/test/textos/actualizar-vocabulario.ts --escribir`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CATALOGO_ESTATUS, MSG } from "@registro/contracts";
import { describe, expect, it } from "vitest";
import { palabras, textosUsuario } from "./textos-usuario.js";

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const VOCABULARIO = new Set(
  fs
    .readFileSync(path.join(RAIZ, "docs/vocabulario.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);

/** DESIGN.md §8: the original app's misspellings and the handwritten signature's other names. */
const ERRATAS = ["adminstrador", "juridico", "guardad", "invalidos", "extención", "extenciones", "fucionarios"];
const OTROS_NOMBRES_OLOGRAFA = ["ológrafo", "holográfica", "holográfico", "hológrafa", "hológrafo"];

const TEXTOS = textosUsuario();

describe("the product's vocabulary", () => {
  it("gathers texts from every source users read", () => {
    for (const { origen, textos } of TEXTOS) expect(textos.length, origen).toBeGreaterThan(5);
  });

  it("holds every word users read", () => {
    const fuera = new Map<string, string>();
    for (const { origen, textos } of TEXTOS)
      for (const t of textos)
        for (const w of palabras(t))
          if (!VOCABULARIO.has(w) && !fuera.has(w)) fuera.set(w, `${origen}: «${t.trim().slice(0, 90)}»`);
    expect(Object.fromEntries(fuera)).toEqual({});
  });

  it("holds none of the original misspellings and one name for the handwritten signature", () => {
    for (const w of [...ERRATAS, ...OTROS_NOMBRES_OLOGRAFA]) expect(VOCABULARIO.has(w), w).toBe(false);
    expect(VOCABULARIO.has("ológrafa")).toBe(true);
  });

  it("writes questions the Spanish way: «¿…?», no space before «?», and «Retornado por» in lower case", () => {
    const malas: string[] = [];
    for (const { origen, textos } of TEXTOS)
      for (const t of textos) {
        // Question marks outside URLs and code: a query string is not a question.
        const prosa = t.replace(/\S*\?\S*=\S*/g, " ");
        if (prosa.includes("?") && !prosa.includes("¿")) malas.push(`${origen}: ${prosa.trim().slice(0, 90)}`);
        if (/\s\?/.test(prosa)) malas.push(`${origen}: ${prosa.trim().slice(0, 90)}`);
        if (/Retornado Por/.test(prosa)) malas.push(`${origen}: ${prosa.trim().slice(0, 90)}`);
      }
    expect(malas).toEqual([]);
  });

  it("leaves the API's texts as SPEC.md fixes them", () => {
    expect(CATALOGO_ESTATUS[106].estatus).toBe("Aprobado por Adminstrador RyCC");
    expect(CATALOGO_ESTATUS[103].estatus).toBe("Retornado Por RyCC");
    expect(CATALOGO_ESTATUS[204].estatus).toBe("Retornado por Juridico");
    expect(MSG.datosInvalidos).toBe("Los datos suministrados no son válidos");
    expect(MSG.noAutorizado).toBe("No está autorizado");
  });
});
