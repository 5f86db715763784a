/**
 * The inbox's columns: each inbox picks from these (or adds its own) in SPEC.md's order, and the
 * status filter's options come from the status catalogue.
 */
import { type BandejaItem, esCodigoEstatus, textoEstatus, textoEstatusUsuario } from "@registro/contracts";
import { Badge } from "primereact/badge";
import type { CSSProperties, ReactNode } from "react";
import { partesFechaHora } from "../../lib/formato";
import { StatusTag } from "../solicitud/StatusTag";

export interface ColumnaBandeja {
  /** Unique key of the column. */
  clave: string;
  header: string;
  /** The server's sortField for this column; the column is sortable only when given. */
  sortField?: string;
  /** `numero` is the row's 1-based position across pages. */
  body: (item: BandejaItem, numero: number) => ReactNode;
  style?: CSSProperties;
}

export interface OpcionFiltro {
  label: string;
  value: number;
}

/** Status filter options from status codes, labelled with the status as users read it. */
export function opcionesDeEstatus(codigos: readonly number[]): OpcionFiltro[] {
  return codigos.filter(esCodigoEstatus).map((c) => ({ value: c, label: textoEstatus(c) }));
}

export const columnaNumero: ColumnaBandeja = {
  clave: "numero",
  header: "#",
  body: (_item, numero) => numero,
  style: { width: "4rem" },
};

/** The request's number, as notices, e-mails and the dashboard name it ("Solicitud n.º 46"). */
export const columnaNumeroSolicitud: ColumnaBandeja = {
  clave: "idSolicitud",
  header: "N.º",
  sortField: "idSolicitud",
  body: (item) => item.idSolicitud,
  style: { width: "4rem" },
};

/**
 * Days the request has waited in its current stage; past the setting (WAIT_ALERT_DAYS, the server's
 * `esperaLarga`) it is highlighted, and screen readers hear why.
 */
export const columnaEspera: ColumnaBandeja = {
  clave: "diasEspera",
  header: "Días en espera",
  sortField: "diasEspera",
  body: (item) => {
    if (item.diasEspera === null) return <span className="rf-espera-ninguna">—</span>;
    const texto = item.diasEspera === 1 ? "1 día" : `${item.diasEspera} días`;
    return item.esperaLarga ? (
      <span className="rf-espera-larga rf-nowrap">
        <i className="pi pi-clock" aria-hidden="true" /> {texto}
        <span className="rf-sr-only"> (espera prolongada)</span>
      </span>
    ) : (
      <span className="rf-nowrap">{texto}</span>
    );
  },
  style: { textAlign: "center" },
};

export const columnaInstitucion: ColumnaBandeja = {
  clave: "institucion",
  header: "Institución",
  sortField: "institucion",
  body: (item) => item.infoInstitucion.nombre,
};

export const columnaCedula: ColumnaBandeja = {
  clave: "cedula",
  header: "Cédula Incumbente",
  sortField: "cedula",
  body: (item) => <span className="rf-nowrap">{item.infoIncumbente.cedula}</span>,
};

export const columnaIncumbente: ColumnaBandeja = {
  clave: "incumbente",
  header: "Nombre Incumbente",
  sortField: "nombres",
  body: (item) => `${item.infoIncumbente.nombres} ${item.infoIncumbente.apellidos}`.trim(),
};

export const columnaCantFuncionarios: ColumnaBandeja = {
  clave: "cantFuncionarios",
  header: "Cant. Funcionarios",
  sortField: "cantFuncionarios",
  body: (item) => <Badge value={item.cantFuncionarios} className="rf-badge" />,
  style: { textAlign: "center" },
};

export const columnaFecha: ColumnaBandeja = {
  clave: "fecha",
  header: "Fecha",
  sortField: "fechaSolicitud",
  body: (item) => {
    // In the table, date and time may break onto two lines, each kept whole, so narrow screens keep
    // every column; in a phone's stacked card the two stay on one line (.rf-fecha, bandeja.css).
    const { fecha, hora } = partesFechaHora(item.fechaSolicitud);
    return (
      <span className="rf-fecha">
        <span className="rf-nowrap">{fecha}</span> <span className="rf-nowrap">{hora}</span>
      </span>
    );
  },
};

/** The status column; each inbox says what text and colour a row shows (SPEC.md screens 13–18). */
export function columnaEstatus(
  texto: (item: BandejaItem) => string = (item) => textoEstatusUsuario(item.estatusSolitud, item.estatus),
  color: (item: BandejaItem) => string = (item) => item.colorEstatus,
): ColumnaBandeja {
  return {
    clave: "estatus",
    header: "Estatus",
    sortField: "estatus",
    body: (item) => <StatusTag texto={texto(item)} color={color(item)} />,
  };
}

/**
 * The columns every comptroller inbox shows, in SPEC.md's order, after the request's number; the
 * reviewers' inboxes add the days waiting (`espera`).
 */
export function columnasBandeja(
  texto?: (item: BandejaItem) => string,
  color?: (item: BandejaItem) => string,
  { espera = false }: { espera?: boolean } = {},
): ColumnaBandeja[] {
  return [
    columnaNumeroSolicitud,
    columnaInstitucion,
    columnaCedula,
    columnaIncumbente,
    columnaCantFuncionarios,
    columnaEstatus(texto, color),
    columnaFecha,
    ...(espera ? [columnaEspera] : []),
  ];
}
