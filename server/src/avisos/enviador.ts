/**
 * The background sender: claims due outbox rows, mails them through SMTP (nodemailer) and marks
 * them sent; a failure is retried with growing waits, and after the last try the row keeps its
 * error for "Correos no enviados". A failing SMTP server never reaches the user's action: the
 * action only wrote the row.
 */
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { abrir, contextoSecreto } from "../secretos/secretos.js";
import type { Reloj } from "../shared/tiempo.js";
import * as repo from "./correos.repository.js";
import { type Correo, correoDeAviso, correoDeResumen } from "./plantillas.js";

/** Waits before the 2nd, 3rd, 4th and 5th tries; the 5th failure is final. */
const ESPERAS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_INTENTOS = ESPERAS_MS.length + 1;

/**
 * Where a mail's text carries its secret: the queued text holds this mark, the secret is kept
 * sealed beside it (`correos.secreto`, bound to the mail's Message-ID) and the two meet only in
 * the message handed to SMTP. A dump or a backup of the outbox holds no usable link.
 */
export const MARCA_SECRETO = "{{secreto}}";

export interface Registro {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Enviador {
  /** Sends every due row; returns how many went out. Does nothing without SMTP_URL. */
  procesarCola(): Promise<number>;
  cerrar(): void;
}

export function crearEnviador(deps: { db: Db; config: Config; reloj: Reloj; log: Registro }): Enviador {
  const { db, config, reloj, log } = deps;
  // Made at the first round with SMTP_URL set (nodemailer is loaded then, not at every start).
  let transporte: Transporter | null = null;
  const abrirTransporte = async (url: string) => {
    const { default: nodemailer } = await import("nodemailer");
    transporte ??= nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return transporte;
  };
  const dominio = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? "registro-firmas.local";

  async function enviarUno(correo: Awaited<ReturnType<typeof repo.reclamar>>[number]): Promise<boolean> {
    const final = correo.intentos >= MAX_INTENTOS;
    const fallo = async (error: string, para: string | null, definitivo = false) => {
      const proximo =
        final || definitivo ? null : new Date(reloj().getTime() + ESPERAS_MS[Math.max(0, correo.intentos - 1)]);
      await repo.marcarFallo(db, correo.idCorreo, error, para, proximo);
      log.warn({ idCorreo: correo.idCorreo, intento: correo.intentos, error }, "correo no enviado");
      return false;
    };
    const enviar = async (
      para: string | { name: string; address: string },
      c: Omit<Correo, "html"> & { html?: string },
    ) => {
      const direccion = typeof para === "string" ? para : para.address;
      try {
        await (transporte as Transporter).sendMail({
          from: config.mailFrom,
          to: para,
          subject: c.asunto,
          text: c.texto,
          html: c.html,
          messageId: `<${correo.messageId}@${dominio}>`,
        });
      } catch (e) {
        return fallo(e instanceof Error ? e.message : String(e), direccion);
      }
      await repo.marcarEnviado(db, correo.idCorreo, direccion);
      return true;
    };
    // A mail to an address that is no user's carries its own text (the audit checkpoints).
    if (correo.destino) {
      let texto = correo.cuerpo ?? "";
      if (correo.secreto !== null) {
        try {
          texto = texto.replaceAll(MARCA_SECRETO, abrir(correo.secreto, contextoSecreto.correo(correo.messageId)));
        } catch {
          return fallo("El enlace del correo no se pudo descifrar (¿cambió la clave de auditoría?).", null, true);
        }
      }
      return enviar(correo.destino, { asunto: correo.asunto, texto });
    }
    const persona = await repo.destinatario(db, correo.idUsuario);
    if (!persona?.email) return fallo("El usuario no tiene una dirección de correo.", null, true);
    if (!persona.activo) return fallo("El usuario está inactivo.", persona.email, true);
    const lista = await repo.avisosDelCorreo(db, correo);
    if (lista.length === 0) return fallo("El aviso ya no existe.", persona.email, true);
    const contenido =
      correo.idAviso !== null
        ? correoDeAviso(lista[0], correo.asunto, config.publicUrl)
        : correoDeResumen(lista, correo.asunto, config.publicUrl);
    return enviar({ name: `${persona.nombre} ${persona.apellido}`, address: persona.email }, contenido);
  }

  return {
    async procesarCola() {
      if (!config.smtpUrl) return 0;
      await abrirTransporte(config.smtpUrl);
      await repo.caducarPendientes(db, "No se envió en dos días (¿faltaba SMTP_URL?).");
      let enviados = 0;
      for (;;) {
        const lote = await repo.reclamar(db, reloj(), 10);
        if (lote.length === 0) {
          if (enviados > 0) log.info(`avisos: ${enviados} correos enviados`);
          return enviados;
        }
        // Oldest first (UPDATE … RETURNING gives no order).
        lote.sort((a, b) => a.idCorreo - b.idCorreo);
        for (const correo of lote) if (await enviarUno(correo)) enviados++;
      }
    },
    cerrar() {
      transporte?.close();
    },
  };
}
