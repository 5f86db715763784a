/**
 * The whole check of the audit trail, for "Verificar integridad" and `npm run audit:verify`:
 * - the SHA-256 chain in the database (verificarCadena: each entry's hash and link, the head);
 * - the seals, recomputed here with the audit key: from the first sealed entry on every entry must
 *   carry a seal that matches its columns — this is what someone holding only the database cannot
 *   forge after changing an entry and recomputing the chain forward;
 * - the checkpoints given (file, e-mails): each must be signed with the key, its entry must still
 *   be there with the same hash, and the first sealed entry must be the one it names — this is what
 *   catches entries removed from the end together with the head.
 * - the incidents recorded by the configuration administrator (auditoria/incidentes.ts): a break at
 *   an entry with a signed incident is not a failure; verification goes on past it and names it.
 * The answer names the first entry where any of these fails.
 */
import { MSG } from "@registro/contracts";
import type { Tx } from "../db/client.js";
import { verificarCadena } from "./cadena.js";
import { entradasSelladas } from "./cadena.repository.js";
import { type ClaveAuditoria, iguales, sellar } from "./clave.js";
import { type Incidente, leerIncidentes } from "./incidentes.js";
import { firmaValida, type PuntoControl } from "./puntos.js";

type Base = { entradas: number; selladas: number; puntos: number; mensaje: string; incidentes: Incidente[] };
export type Verificacion = (Base & { integra: true }) | (Base & { integra: false; idAuditoria: number });

const LOTE = 5_000;

interface Falla {
  idAuditoria: number;
  mensaje: string;
}

export async function verificarAuditoria(
  tx: Tx,
  clave: ClaveAuditoria,
  puntos: PuntoControl[] = [],
): Promise<Verificacion> {
  const fallas: Falla[] = [];
  const { validos: incidentes, falsos } = await leerIncidentes(tx, clave);
  const conocidas = new Set(incidentes.map((i) => i.idAuditoria));
  for (const id of falsos) fallas.push({ idAuditoria: id, mensaje: MSG.auditoriaIncidenteFalso(id) });
  const cadena = await verificarCadena(tx, [...conocidas]);
  if (!cadena.integra) {
    fallas.push({
      idAuditoria: cadena.idAuditoria,
      mensaje:
        cadena.hasta !== undefined
          ? MSG.auditoriaTruncada(cadena.idAuditoria, cadena.hasta)
          : MSG.auditoriaRota(cadena.idAuditoria),
    });
  }

  // Signed checkpoints only: a forged line is a finding of its own.
  const validos: PuntoControl[] = [];
  for (const p of puntos) {
    if (firmaValida(clave, p)) validos.push(p);
    else fallas.push({ idAuditoria: p.entrada, mensaje: MSG.auditoriaPuntoFalso(p.entrada, p.fecha) });
  }
  const porEntrada = new Map<number, PuntoControl[]>();
  for (const p of validos) porEntrada.set(p.entrada, [...(porEntrada.get(p.entrada) ?? []), p]);

  // The seals, in id order, a batch at a time.
  let ultimo = 0;
  let ultima = 0;
  let desde = 0;
  let selladas = 0;
  let selloRoto: Falla | undefined;
  for (;;) {
    const filas = await entradasSelladas(tx, ultimo, LOTE);
    for (const f of filas) {
      const id = Number(f.id);
      ultima = id;
      for (const p of porEntrada.get(id) ?? []) {
        if (p.hash !== f.hash) fallas.push({ idAuditoria: id, mensaje: MSG.auditoriaDistintaDelPunto(id, p.fecha) });
      }
      porEntrada.delete(id);
      if (selloRoto) continue;
      if (f.sello === null) {
        if (desde > 0 && !conocidas.has(id)) selloRoto = { idAuditoria: id, mensaje: MSG.auditoriaSinSello(id) };
        continue;
      }
      if (desde === 0) desde = id;
      selladas++;
      if (!iguales(sellar(clave, f), f.sello) && !conocidas.has(id)) {
        selloRoto = { idAuditoria: id, mensaje: MSG.auditoriaRota(id) };
      }
    }
    if (filas.length < LOTE) break;
    ultimo = Number(filas[filas.length - 1].id);
  }
  if (selloRoto) fallas.push(selloRoto);

  // Checkpoints whose entry is gone: removed from the end (or from the middle).
  for (const [entrada, lista] of porEntrada) {
    if (entrada === 0) continue;
    fallas.push(
      entrada > ultima
        ? { idAuditoria: ultima, mensaje: MSG.auditoriaTruncada(ultima, entrada) }
        : { idAuditoria: entrada, mensaje: MSG.auditoriaDistintaDelPunto(entrada, lista[0].fecha) },
    );
  }
  // The first sealed entry is the one every checkpoint taken since sealing began names.
  for (const p of validos) {
    if (p.desde > 0 && p.desde !== desde) {
      fallas.push({ idAuditoria: p.desde, mensaje: MSG.auditoriaSinSello(p.desde) });
    }
  }

  // A break at an entry with a recorded incident is that incident, not a failure.
  const abiertas = fallas.filter((f) => !conocidas.has(f.idAuditoria) || falsos.includes(f.idAuditoria));
  const base = { entradas: cadena.entradas, selladas, puntos: validos.length, incidentes };
  if (abiertas.length === 0) {
    const mensaje =
      incidentes.length === 0
        ? MSG.auditoriaIntegra(cadena.entradas)
        : MSG.auditoriaIntegraConIncidentes(
            cadena.entradas,
            incidentes.map((i) => MSG.auditoriaIncidente(i.idAuditoria, i.motivo)).join("; "),
          );
    return { integra: true, ...base, mensaje };
  }
  const primera = abiertas.reduce((a, b) => (b.idAuditoria < a.idAuditoria ? b : a));
  return { integra: false, ...base, idAuditoria: primera.idAuditoria, mensaje: primera.mensaje };
}
