/**
 * How the web build and the API answers travel: precompressed build files chosen by
 * Accept-Encoding, year-long caching for hashed assets only, HEAD wherever GET works (SPA routes
 * too), and JSON answers above 1 KB compressed on the fly.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

const SCRIPT = `console.log(${JSON.stringify("Registro de Firmas ".repeat(200))});\n`;
const HTML = `<!doctype html><html lang="es"><head><title>Registro de Firmas</title>
<meta name="description" content="${"Registro de firmas autorizadas. ".repeat(40)}" />
<script type="module" src="./assets/index-AbCd12_-.js"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "rf-web-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "index.html"), HTML);
  fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const js = path.join(dist, "assets", "index-AbCd12_-.js");
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  t = await crearTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("web build delivery", () => {
  it("sends the brotli twin of a hashed asset to a client that accepts it, cached for a year", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/assets/index-AbCd12_-.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip twin when brotli is not accepted, and the plain file when nothing is", async () => {
    const gz = await t.app.inject({
      method: "GET",
      url: "/assets/index-AbCd12_-.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({
      method: "GET",
      url: "/assets/index-AbCd12_-.js",
      headers: { "accept-encoding": "" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("asks browsers to revalidate files without a hash in their name and the page itself", async () => {
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    const page = await t.app.inject({ method: "GET", url: "/Login" });
    expect(page.statusCode).toBe(200);
    // The page depends on the session's cookie (a screen's heading, web/marco-inicial.ts).
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.body).toContain('<base href="/" />');
  });

  it("answers HEAD wherever GET works: SPA routes, the root, assets", async () => {
    for (const url of ["/Login", "/", "/BandejaOriginador", "/assets/index-AbCd12_-.js", "/favicon.svg"]) {
      const res = await t.app.inject({ method: "HEAD", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe("");
    }
    const missing = await t.app.inject({ method: "HEAD", url: "/assets/nada-AbCd12_-.js" });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: "HEAD", url: "/api/NoExiste" });
    expect(api.statusCode).toBe(404);
  });

  it("serves the build's files through one route, not one per file, and answers a missing one with 404", async () => {
    // A route per built file (and per .br/.gz twin) made every restart register hundreds of routes.
    const deArchivos = t.app.rutas.filter((r) => /\.(js|svg|html|br|gz)$/.test(r.url));
    expect(deArchivos).toEqual([]);
    const missing = await t.app.inject({ method: "GET", url: "/assets/nada-AbCd12_-.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect(missing.json()).toEqual({ success: false, message: expect.any(String) });
    const fuera = await t.app.inject({ method: "GET", url: "/assets/..%2f..%2fetc%2fpasswd" });
    expect([403, 404]).toContain(fuera.statusCode);
  });

  it("compresses the page and JSON answers above 1 KB for clients that accept it", async () => {
    const page = await t.app.inject({ method: "GET", url: "/Login", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain("Registro de firmas autorizadas.");

    const plain = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it("leaves small JSON answers uncompressed", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      headers: { "accept-encoding": "gzip, br" },
      payload: { userName: "nadie", password: "x" },
    });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("Permissions-Policy", () => {
  it("turns camera, microphone, geolocation and payment off on the page, its files, API answers and errors", async () => {
    const respuestas = [
      await t.app.inject({ method: "GET", url: "/Login" }),
      await t.app.inject({ method: "GET", url: "/" }),
      await t.app.inject({ method: "GET", url: "/assets/index-AbCd12_-.js" }),
      await t.app.inject({ method: "GET", url: "/api/health" }),
      await t.app.inject({ method: "GET", url: "/api/Account/GetUserData" }),
      await t.app.inject({ method: "GET", url: "/api/NoExiste" }),
    ];
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
    for (const r of respuestas) {
      expect(r.headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=()");
    }
  });
});
