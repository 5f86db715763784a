/**
 * How an audit entry reads: its entity's name, the record it names, and the fields that changed
 * between its two snapshots (before → after) with their readable names and values.
 */
import {
  ACCIONES_AUDITORIA,
  type AuditoriaEntrada,
  CATALOGO_ESTATUS,
  type EntidadAuditoria,
  textoEstatus,
} from "@registro/contracts";
import { formatearFecha, formatearFechaHora } from "../../../lib/formato";

export const ENTIDAD: Record<EntidadAuditoria, string> = {
  Usuario: "Usuario",
  Perfil: "Perfil",
  Institucion: "Institución",
  Cargo: "Cargo",
  Solicitud: "Solicitud",
  Documento: "Documento",
  Sesion: "Inicio de sesión",
  Cuenta: "Cuenta",
  Persona: "Padrón de personas",
  Importacion: "Importación del registro",
  ClaveSistema: "Clave de sistema",
  Suscripcion: "Suscripción a notificaciones",
  Auditoria: "Auditoría",
  AutoridadConfianza: "Autoridad de confianza",
  AjusteDocumentos: "Ajuste de Verificar documento",
};

/** An action's readable name. */
export const ACCION: Record<string, string> = ACCIONES_AUDITORIA;

/** The readable name of each field the entries' snapshots hold. */
const CAMPO: Record<string, string> = {
  usuario: "Usuario",
  nombre: "Nombre",
  apellido: "Apellidos",
  cedula: "Cédula",
  email: "Email",
  perfil: "Perfil",
  uExterno: "Usuario externo",
  institucion: "Institución",
  activo: "Activo",
  cambioClave: "Debe cambiar la clave",
  bloqueado: "Bloqueado",
  bloqueo: "Bloqueo",
  minutos: "Minutos",
  descripcion: "Descripción",
  porDefecto: "Por defecto",
  requiereSegundoFactor: "Requiere segundo factor",
  factores: "Segundos factores",
  quedan: "Códigos sin usar",
  detalle: "Detalle",
  vistas: "Vistas",
  estructura: "Estructura",
  direccion: "Dirección",
  telefono: "Teléfono",
  ext: "Extensión",
  telefono2: "Teléfono 2",
  ext2: "Extensión 2",
  estatus: "Estatus",
  cargos: "Cargos asociados",
  tipo: "Tipo",
  asignadoA: "Asignada a",
  comentario: "Comentario",
  idSolicitud: "Solicitud",
  motivos: "Observaciones (ids)",
};

type Registro = Record<string, unknown>;
const comoRegistro = (v: unknown): Registro => (v && typeof v === "object" ? (v as Registro) : {});

/** A user's name by id (the holder in a request's entries); undefined while unknown. */
export type NombrePorId = (id: number) => string | undefined;

function valor(campo: string, v: unknown, nombre: NombrePorId): string {
  if (v === null || v === undefined || v === "") return "—";
  if (campo === "asignadoA" && typeof v === "number") return nombre(v) ?? `#${v}`;
  if (campo === "tipo") return v === 1 ? "Incumbente" : v === 2 ? "Funcionario" : String(v);
  // One way for active/inactive and one date format (dd/mm/aaaa) across the screen.
  if (campo === "estatus" && typeof v === "number" && v in CATALOGO_ESTATUS) return `${v} ${textoEstatus(v)}`;
  if (campo === "estatus" && typeof v === "number") return v === 1 ? "Activo" : "Inactivo";
  if ((campo === "activo" || campo === "estatus") && typeof v === "boolean") return v ? "Activo" : "Inactivo";
  if (typeof v === "boolean") return v ? "Sí" : "No";
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}(T|$)/.test(v)) {
    return v.length === 10 ? formatearFecha(v) : formatearFechaHora(v);
  }
  if (Array.isArray(v)) return v.length ? v.join(", ") : "—";
  return String(v);
}

/** The fields that differ between the two snapshots, with their readable names and values. */
function cambios(e: AuditoriaEntrada, nombre: NombrePorId) {
  const antes = comoRegistro(e.antes);
  const despues = comoRegistro(e.despues);
  return Object.keys(CAMPO)
    .filter((k) => k in antes || k in despues)
    .filter((k) => e.antes === null || e.despues === null || JSON.stringify(antes[k]) !== JSON.stringify(despues[k]))
    .map((k) => ({ campo: CAMPO[k], antes: valor(k, antes[k], nombre), despues: valor(k, despues[k], nombre) }));
}

/** Who acted: the user, or for a call made with a system key (no user) the key's name. */
export function realizadoPor(e: AuditoriaEntrada): string {
  if (e.usuario) return e.usuario;
  const clave = (e.despues as { clave?: unknown } | null)?.clave;
  return e.entidad === "ClaveSistema" && typeof clave === "string" ? `Clave de sistema «${clave}»` : "—";
}

export function registro(e: AuditoriaEntrada): string {
  const r = { ...comoRegistro(e.antes), ...comoRegistro(e.despues) };
  const nombre = r.usuario ?? r.nombre;
  return nombre ? `${String(nombre)} (#${e.idEntidad})` : `#${e.idEntidad}`;
}

export function Cambios({ e, nombre }: { e: AuditoriaEntrada; nombre: NombrePorId }) {
  const lista = cambios(e, nombre);
  if (lista.length === 0) return <span className="rfc-no">Sin cambios de datos</span>;
  return (
    <ul className="rfc-cambios">
      {lista.map((c) => (
        <li key={c.campo}>
          <strong>{c.campo}:</strong>{" "}
          {e.accion === "crear" ? c.despues : e.despues === null ? c.antes : `${c.antes} → ${c.despues}`}
        </li>
      ))}
    </ul>
  );
}
