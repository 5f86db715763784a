/** How a screen whose code did not arrive is told apart, and what the route draws instead. */
import { MSG_CARGA } from "@registro/contracts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { esFalloDeCarga, pantallaOFallo } from "./ErrorDeRuta";

describe("esFalloDeCarga", () => {
  it("recognises a module that did not arrive, as each browser and Vite word it", () => {
    for (const m of [
      "Failed to fetch dynamically imported module: https://x/assets/UsuariosPage-sNlu1nnZ.js", // Chromium
      "error loading dynamically imported module: https://x/assets/App-1.js", // Firefox
      "Importing a module script failed.", // Safari
      "Unable to preload CSS for /assets/ProtectedLayout-BERm_L1Y.css", // Vite's preloading
    ]) {
      expect(esFalloDeCarga(new TypeError(m)), m).toBe(true);
    }
  });

  it("leaves other errors, and what is not an Error, to the unexpected-error text", () => {
    for (const e of [new TypeError("Cannot read properties of undefined (reading 'map')"), "texto", null, 404]) {
      expect(esFalloDeCarga(e)).toBe(false);
    }
  });
});

const Pantalla = () => null;

describe("pantallaOFallo", () => {
  it("gives the screen when its code arrives", async () => {
    expect(await pantallaOFallo(async () => ({ default: Pantalla }))).toBe(Pantalla);
  });

  it("gives a screen saying why, with the reload button, when it does not", async () => {
    const Fallo = await pantallaOFallo(() => Promise.reject(new TypeError("Importing a module script failed.")));
    const html = renderToStaticMarkup(createElement(Fallo));
    expect(html).toContain(MSG_CARGA.falloPantallaTitulo);
    expect(html).toContain(MSG_CARGA.falloPantallaCodigo);
    expect(html).toContain(MSG_CARGA.recargarPagina);
    const Otro = await pantallaOFallo(() => Promise.reject(new Error("boom")));
    expect(renderToStaticMarkup(createElement(Otro))).toContain(MSG_CARGA.falloPantallaInesperado);
  });
});
