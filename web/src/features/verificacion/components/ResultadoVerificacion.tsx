/** The registry's answer to Verificar firma: authorised or not with the reason, and every entry it holds for the person. */
import {
  colorEstadoFirma,
  type RegistroVerificacion,
  type RespuestaVerificacion,
  textoClaseFirma,
  textoEstatusUsuario,
} from "@registro/contracts";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Tag } from "primereact/tag";
import { Link } from "react-router";
import { ptEtiqueta } from "../../../components/pt-listas";
import { StatusTag } from "../../../components/solicitud/StatusTag";
import { formatearFecha, formatearMonto } from "../../../lib/formato";
import type { RutaDetalle } from "../../../lib/ruta-detalle";
import type { PreguntaVerificacion } from "../api/get-verificacion-firma";
import { BotonComprobante } from "./BotonComprobante";

export function ResultadoVerificacion({
  r,
  rutaDetalle,
  pregunta,
}: {
  r: RespuestaVerificacion;
  rutaDetalle: RutaDetalle;
  /** The question answered: with it, "Descargar comprobante" offers the answer as a sealed PDF. */
  pregunta?: PreguntaVerificacion;
}) {
  return (
    <>
      <div className={`rfv-respuesta ${r.autorizado ? "rfv-si" : "rfv-no"}`} role="status">
        <i className={`pi ${r.autorizado ? "pi-check-circle" : "pi-times-circle"}`} aria-hidden="true" />
        <div>
          {/* The day answered for stands beside the verdict: an answer is only true for its date. */}
          <p className="rfv-veredicto">
            {r.autorizado ? "Autorizado" : "No autorizado"}{" "}
            <span className="rfv-fecha">(fecha consultada: {formatearFecha(r.fecha)})</span>
          </p>
          <p>{r.motivo}</p>
        </div>
      </div>
      {pregunta && (
        <p className="rfv-comprobante">
          <BotonComprobante pregunta={pregunta} />
        </p>
      )}
      {r.registros.length > 0 && (
        <DataTable
          value={r.registros}
          dataKey="idFuncionario"
          // The whole row fits the screen (values wrap); on a phone each record is a stacked card.
          className="rfv-registros rf-tabla-apilable"
          stripedRows
          size="small"
          aria-label="Registros de la persona"
          header={`Registros de ${r.registros[0].nombres} ${r.registros[0].apellidos}`}
        >
          <Column header="Institución" pt={ptEtiqueta("Institución")} field="institucion" />
          <Column header="Cargo" pt={ptEtiqueta("Cargo")} field="cargo" />
          <Column
            header="Solicitud"
            pt={ptEtiqueta("Solicitud")}
            body={(x: RegistroVerificacion) =>
              rutaDetalle ? <Link to={rutaDetalle(x.idSolicitud)}>{x.idSolicitud}</Link> : x.idSolicitud
            }
          />
          <Column
            header="Firmas"
            pt={ptEtiqueta("Firmas")}
            body={(x: RegistroVerificacion) => x.firmas.map((f) => f.firma).join(", ")}
          />
          <Column
            header="Rango"
            pt={ptEtiqueta("Rango")}
            body={(x: RegistroVerificacion) =>
              x.firmaRango ? `${formatearMonto(x.montoDesde)} – ${formatearMonto(x.montoHasta)}` : "Sin límite"
            }
          />
          <Column
            header="Vigencia"
            pt={ptEtiqueta("Vigencia")}
            body={(x: RegistroVerificacion) => (
              <>
                {x.firmaVigencia ? `${formatearFecha(x.fechaDesde)} – ${formatearFecha(x.fechaHasta)}` : "Permanente"}
                {/* Today's standing where the dates are the point, in the officials' tables' words. */}
                {(x.estadoFirma === "porVencer" || x.estadoFirma === "vencida" || x.estadoFirma === "aunNoVigente") && (
                  <>
                    {" "}
                    <StatusTag texto={x.estadoTexto} color={colorEstadoFirma(x.estadoFirma)} />
                  </>
                )}
              </>
            )}
          />
          <Column
            header="Firma"
            pt={ptEtiqueta("Firma")}
            body={(x: RegistroVerificacion) => textoClaseFirma(x.firmaDigital)}
          />
          <Column
            header="Estatus"
            pt={ptEtiqueta("Estatus")}
            body={(x: RegistroVerificacion) =>
              `${x.estatusFuncionario} (${textoEstatusUsuario(x.codigoEstatusSolicitud, x.estatusSolicitud)})`
            }
          />
          <Column
            header="Activo desde"
            pt={ptEtiqueta("Activo desde")}
            body={(x: RegistroVerificacion) => formatearFecha(x.activoDesde)}
          />
          <Column
            header="Inactivo desde"
            pt={ptEtiqueta("Inactivo desde")}
            body={(x: RegistroVerificacion) => formatearFecha(x.inactivoDesde)}
          />
          <Column
            header="Resultado"
            pt={ptEtiqueta("Resultado")}
            body={(x: RegistroVerificacion) => (
              <Tag
                severity={x.autorizado ? "success" : "danger"}
                value={x.autorizado ? "Autorizado" : "No autorizado"}
                title={x.motivo}
              />
            )}
          />
        </DataTable>
      )}
    </>
  );
}
