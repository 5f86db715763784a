/**
 * The Login route's JavaScript budget, on the web build the browser tests run (web/dist): the entry
 * script, the Login chunk and what either imports statically stay within 120 KB gzipped (what
 * `npm run bench:web` reports, docs/benchmarks). Two regressions that broke it are named: the whole
 * message table (MSG) and the view catalogue (VISTAS) reach the Login route again when a module it
 * loads imports them instead of their small parts (MSG_LOGIN, URL_VISTA).
 */
import fs from "node:fs";
import path from "node:path";
import { MSG, V, VISTAS } from "@registro/contracts";
import { describe, expect, it } from "vitest";
import { jsRutaLogin, PRESUPUESTO_LOGIN_KB } from "../../scripts/js-ruta-login.mjs";
import { root } from "../support/server";

const dist = path.join(root, "web", "dist");

describe("Login route JavaScript", () => {
  const login = jsRutaLogin(dist);
  const codigo = login.archivos.map((a) => ({ rel: a.rel, texto: fs.readFileSync(path.join(dist, a.rel), "utf8") }));
  /** The Login route's files holding a text (their names, so a failure says where it went). */
  const con = (texto: string) => codigo.filter((c) => c.texto.includes(texto)).map((c) => c.rel);

  it(`is within ${PRESUPUESTO_LOGIN_KB} KB gzipped (entry, Login chunk and their static imports)`, () => {
    const detalle = login.archivos.map((a) => `${a.rel} ${(a.gzip / 1024).toFixed(1)} KB`).join(", ");
    expect(login.archivos.some((a) => /\/LoginPage-/.test(a.rel))).toBe(true);
    expect(login.gzip, `JavaScript de la ruta Login (gzip): ${detalle}`).toBeLessThanOrEqual(
      PRESUPUESTO_LOGIN_KB * 1024,
    );
  });

  it("loads neither the whole message table nor the view catalogue", () => {
    // The sign-in form's own texts are there; a text only a signed-in screen shows is not.
    expect(con(MSG.loginCamposVaciosPantalla)).not.toEqual([]);
    expect(con(MSG.errorCargarDetalles)).toEqual([]);
    // The route table's paths are there; the catalogue's menu icons are not.
    const analista = VISTAS.find((v) => v.nombre === V.ANALISTA)!;
    expect(con(analista.url)).not.toEqual([]);
    expect(con(analista.iconClass)).toEqual([]);
  });
});
