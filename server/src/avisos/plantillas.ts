/**
 * The e-mails' words: one notice, or a day's summary, as plain text and HTML, with absolute links
 * built from PUBLIC_URL. Pure functions.
 */
import { ZONA_PAIS } from "../shared/tiempo.js";

export interface AvisoCorreo {
  /** 'seguridad' for changes to the user's sign-in (its link opens "Seguridad", not a request). */
  tipo?: string;
  titulo: string;
  texto: string;
  detalle: string;
  enlace: string;
  creado: Date;
}

export interface Correo {
  asunto: string;
  texto: string;
  html: string;
}

const PIE_TEXTO = "Registro de Firmas. Puede elegir qué correos recibe en «Mi cuenta».";

const escapar = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const fecha = (d: Date) =>
  new Intl.DateTimeFormat("es-ES", {
    timeZone: ZONA_PAIS,
    dateStyle: "short",
    timeStyle: "short",
  }).format(d);

const textoEnlace = (a: AvisoCorreo) =>
  a.tipo === "seguridad" ? "Revisar la seguridad de su cuenta" : "Abrir la solicitud";

function bloqueTexto(a: AvisoCorreo, publicUrl: string): string {
  return [a.texto, a.detalle, `${textoEnlace(a)}: ${publicUrl}${a.enlace}`].filter(Boolean).join("\n");
}

function bloqueHtml(a: AvisoCorreo, publicUrl: string, conTitulo: boolean): string {
  const detalle = a.detalle
    ? `<p style="white-space:pre-line;border-left:3px solid #f59e0b;padding-left:8px">${escapar(a.detalle)}</p>`
    : "";
  const titulo = conTitulo ? `<h3 style="margin:16px 0 4px">${escapar(a.titulo)}</h3>` : "";
  return `${titulo}<p>${escapar(a.texto)}</p>${detalle}<p><a href="${escapar(publicUrl + a.enlace)}">${textoEnlace(a)}</a></p>`;
}

function documento(cuerpo: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">${cuerpo}<hr><p style="color:#6b7280;font-size:12px">${escapar(PIE_TEXTO)}</p></body></html>`;
}

export function correoDeAviso(a: AvisoCorreo, asunto: string, publicUrl: string): Correo {
  return {
    asunto,
    texto: `${bloqueTexto(a, publicUrl)}\n\n--\n${PIE_TEXTO}\n`,
    html: documento(`<h2>${escapar(a.titulo)}</h2>${bloqueHtml(a, publicUrl, false)}`),
  };
}

export function correoDeResumen(lista: AvisoCorreo[], asunto: string, publicUrl: string): Correo {
  const intro = `Tiene ${lista.length} ${lista.length === 1 ? "aviso" : "avisos"} desde el último resumen:`;
  const texto = lista.map((a) => `* ${a.titulo} (${fecha(a.creado)})\n${bloqueTexto(a, publicUrl)}`).join("\n\n");
  const html = lista
    .map((a) => bloqueHtml({ ...a, titulo: `${a.titulo} (${fecha(a.creado)})` }, publicUrl, true))
    .join("");
  return {
    asunto,
    texto: `${intro}\n\n${texto}\n\n--\n${PIE_TEXTO}\n`,
    html: documento(`<h2>${escapar(asunto)}</h2><p>${escapar(intro)}</p>${html}`),
  };
}

export function asuntoResumen(n: number): string {
  return `Resumen diario: ${n} ${n === 1 ? "aviso" : "avisos"} del Registro de Firmas`;
}
