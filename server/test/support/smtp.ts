/**
 * A real SMTP server inside the test process (the smtp-server package): it records every message
 * it accepts, parsed (recipients, subject, text, HTML, Message-ID), and can be told to refuse.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface MensajeRecibido {
  para: string[];
  asunto: string;
  texto: string;
  html: string;
  messageId: string;
  /** The message as it came over the wire (headers and encoded body). */
  crudo: string;
}

export interface ServidorSmtp {
  url: string;
  puerto: number;
  recibidos: MensajeRecibido[];
  /** While set, every message is refused with this SMTP reply code (e.g. 451 or 554). */
  rechazarCon: number | null;
  /** Each message is answered this much later (a slow server). */
  demoraMs: number;
  /** Messages to one address. */
  para(direccion: string): MensajeRecibido[];
  cerrar(): Promise<void>;
}

export async function iniciarSmtp(puerto = 0): Promise<ServidorSmtp> {
  const estado: ServidorSmtp = {
    url: "",
    puerto: 0,
    recibidos: [],
    rechazarCon: null,
    demoraMs: 0,
    para: (d) => estado.recibidos.filter((m) => m.para.includes(d)),
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const rcpt = session.envelope.rcptTo.map((r) => r.address);
      const partes: Buffer[] = [];
      stream.on("data", (b: Buffer) => partes.push(b));
      new Promise<Buffer>((resolve, reject) => {
        stream.on("end", () => resolve(Buffer.concat(partes)));
        stream.on("error", reject);
      })
        .then(async (crudo) => ({ crudo: crudo.toString("utf8"), m: await simpleParser(crudo) }))
        .then(async ({ crudo, m }: { crudo: string; m: ParsedMail }) => {
          if (estado.demoraMs > 0) await new Promise((r) => setTimeout(r, estado.demoraMs));
          if (estado.rechazarCon !== null) {
            const err = new Error("Servidor de prueba: rechazado") as Error & { responseCode: number };
            err.responseCode = estado.rechazarCon;
            return callback(err);
          }
          estado.recibidos.push({
            para: rcpt,
            asunto: m.subject ?? "",
            texto: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
            messageId: m.messageId ?? "",
            crudo,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => servidor.listen(puerto, "127.0.0.1", () => resolve()));
  estado.puerto = (servidor.server.address() as AddressInfo).port;
  estado.url = `smtp://127.0.0.1:${estado.puerto}`;
  return estado;
}
