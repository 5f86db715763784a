// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× slower CPU) on a running
// server: by default the Login page, and the originator's inbox signed in (the session cookie and
// the app's marker are set first, as the Login screen leaves them); `paginas` names others. Every
// page is a first visit (empty browser cache). Chromium is Debian's (/usr/bin/chromium, or
// CHROME_PATH), started by chrome-launcher. Returns one result per page: the four category scores,
// the paint metrics, the transfer size of all requests (compressed, as sent) and the script loaded.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const METRICAS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};

/**
 * `informes`, when given, is a folder where each page's whole Lighthouse report is written as JSON
 * (for its diagnostics: long tasks, script treemap, render-blocking resources).
 * @param {{ base: string, token: string, paginas?: { nombre: string, ruta: string, conSesion: boolean }[], informes?: string }} o
 */
export async function medirLighthouse({ base, token, paginas, informes }) {
  const lista = paginas ?? [
    { nombre: "Login", ruta: "/Login", conSesion: false },
    { nombre: "Bandeja del originador (con sesión)", ruta: "/Originador", conSesion: true },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: FLAGS,
  });
  const resultados = [];
  try {
    for (const p of lista) {
      await prepararPagina(chrome, base, token, p);
      const medir = () =>
        lighthouse(`${base}${p.ruta}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          // Keep the session just stored (the cache was emptied above).
          disableStorageReset: p.conSesion,
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
      let r = await medir();
      // On a loaded machine the trace is now and then lost (NO_NAVSTART): measured once more.
      if (r.lhr.runtimeError) r = await medir();
      if (informes) guardarInforme(informes, p, r);
      resultados.push(resultadoDe(p, r.lhr));
    }
  } finally {
    await chrome.kill();
  }
  return resultados;
}

/** The browser before a page is measured: the session set or cleared, the cache emptied. */
async function prepararPagina(chrome, base, token, p) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/Login`, { waitUntil: "load" });
  // The web app's session is its HttpOnly cookie plus a marker in localStorage (no token there).
  const cookie = { name: "rf_sesion", url: base, path: `${new URL(base).pathname.replace(/\/$/, "")}/` };
  // A page may be measured as a user of its own (`p.token`), else as the caller's.
  if (p.conSesion) await page.setCookie({ ...cookie, value: p.token ?? token, httpOnly: true, sameSite: "Strict" });
  else await page.deleteCookie(cookie);
  await page.evaluate((con) => {
    localStorage.clear();
    if (con) localStorage.setItem("rf-sesion-abierta", "1");
  }, p.conSesion);
  // A first visit: nothing of the app in the cache (the sign-in page just opened filled it, and
  // keeping the session also keeps the cache), so each page pays for all the code it loads.
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.close();
  await browser.disconnect();
}

/** Each page's whole Lighthouse report as JSON, and its layout shifts, in `informes`. */
function guardarInforme(informes, p, r) {
  const lhr = r.lhr;
  fs.mkdirSync(informes, { recursive: true });
  const archivo = `${p.nombre.normalize("NFD").replace(/[^\w]+/g, "-")}-${Date.now()}.json`;
  fs.writeFileSync(path.join(informes, archivo), JSON.stringify(lhr));
  // The layout shifts with the rectangles each moved node had before and after.
  const cambios = (r.artifacts?.Trace?.traceEvents ?? []).filter((e) => e.name === "LayoutShift");
  fs.writeFileSync(path.join(informes, archivo.replace(/\.json$/, ".desplazamientos.json")), JSON.stringify(cambios));
}

/** One page's figures: scores, metrics, bytes, scripts, failed audits, where the main thread's time goes. */
function resultadoDe(p, lhr) {
  const puntos = Object.fromEntries(
    Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
  );
  const metricas = Object.fromEntries(
    Object.entries(METRICAS).map(([id, corto]) => [corto, lhr.audits[id]?.displayValue ?? "—"]),
  );
  const fallos = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "manual" &&
        a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => a.id);
  return {
    nombre: p.nombre,
    url: lhr.finalDisplayedUrl,
    puntos,
    metricas,
    // The same metrics as numbers (milliseconds; CLS unitless), for thresholds.
    valores: Object.fromEntries(
      Object.entries(METRICAS).map(([id, corto]) => [corto, lhr.audits[id]?.numericValue ?? null]),
    ),
    bytes: lhr.audits["total-byte-weight"]?.numericValue ?? 0,
    // Script the page loads: bytes (uncompressed; as sent too) and in how many files.
    js: guionesCargados(lhr),
    peticiones: lhr.audits["network-requests"]?.details?.items?.length ?? 0,
    fallos,
    // Lighthouse's measure of this machine's speed at that moment (higher is faster).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    // Where the main thread's time goes: Lighthouse's own breakdown, by kind of work
    // and by script, in its simulated slow-phone milliseconds.
    hilo: (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
      .slice(0, 4)
      .map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`),
    guiones: (lhr.audits["bootup-time"]?.details?.items ?? [])
      .slice(0, 4)
      .map((i) => `${String(i.url).replace(/^.*\//, "") || i.url} ${Math.round(i.total)} ms`),
  };
}

/**
 * The scripts the page loaded: their size as sent (compressed; 0 for a file Chromium kept in memory)
 * and their own size (uncompressed, the same whatever the cache or the encoding: what budgets use).
 */
function guionesCargados(lhr) {
  const guiones = (lhr.audits["network-requests"]?.details?.items ?? []).filter((i) => i.resourceType === "Script");
  return {
    bytes: guiones.reduce((s, i) => s + (i.resourceSize ?? 0), 0),
    transferidos: guiones.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    archivos: guiones.length,
  };
}

export function imprimirLighthouse(resultados) {
  for (const r of resultados) {
    const p = r.puntos;
    console.log(`  ${r.nombre} (${r.url}; benchmarkIndex ${r.benchmarkIndex ?? "—"})`);
    console.log(
      `    rendimiento ${p.performance} · accesibilidad ${p.accessibility} · buenas prácticas ${p["best-practices"]} · SEO ${p.seo}`,
    );
    console.log(
      `    ${Object.entries(r.metricas)
        .map(([k, v]) => `${k} ${v}`)
        .join(" · ")}`,
    );
    console.log(
      `    transferido: ${(r.bytes / 1024).toFixed(1)} KB en ${r.peticiones} peticiones; JavaScript ${(r.js.bytes / 1024).toFixed(1)} KB (${(r.js.transferidos / 1024).toFixed(1)} KB transferidos) en ${r.js.archivos} archivos`,
    );
    if (r.error) console.log(`    Lighthouse no pudo medir: ${r.error}`);
    if (r.hilo.length) console.log(`    hilo principal: ${r.hilo.join(" · ")}`);
    if (r.guiones.length) console.log(`    por archivo: ${r.guiones.join(" · ")}`);
    if (r.fallos.length) console.log(`    auditorías por debajo de 0,9: ${r.fallos.join(", ")}`);
  }
}
