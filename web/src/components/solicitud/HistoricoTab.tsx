/**
 * The 'Historial de estatus' tab: every status the request passed through, with date and time (dd/mm/aaaa HH:mm), the
 * observations (reasons) of returns and rejections and the comment. On phones each entry is a stacked card (as the inboxes), so long reasons stay readable.
 */
import "../bandeja/bandeja.css";
import { esCodigoEstatus, type HistoricoEntrada, MSG, textoEstatus } from "@registro/contracts";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { formatearFechaHora } from "../../lib/formato";
import { useHistorico } from "./api/get-historico";

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

export function HistoricoTab({ idSolicitud }: { idSolicitud: number }) {
  const historico = useHistorico(idSolicitud);
  return (
    <DataTable
      value={historico.data ?? []}
      loading={historico.isLoading}
      emptyMessage={MSG.sinRegistros}
      size="small"
      stripedRows
      className="rf-tabla-apilable"
      pt={{ table: { "aria-label": "Historial de estatus" } as Record<string, string> }}
    >
      <Column
        header="Estatus"
        pt={etiqueta("Estatus")}
        body={(h: HistoricoEntrada) => (esCodigoEstatus(h.idEstatus) ? textoEstatus(h.idEstatus) : h.estatus)}
      />
      <Column
        header="Fecha"
        pt={etiqueta("Fecha")}
        body={(h: HistoricoEntrada) => <span className="rf-nowrap">{formatearFechaHora(h.fecha)}</span>}
      />
      <Column
        header="Motivo"
        pt={etiqueta("Motivo")}
        body={(h: HistoricoEntrada) => (
          <span className="rf-texto-libre">
            {(h.motivos ?? []).length > 0 && (
              <>
                <strong>Observaciones:</strong> {h.motivos?.join("; ")}.{h.motivoCambioEstatus ? <br /> : null}
              </>
            )}
            {h.motivoCambioEstatus}
          </span>
        )}
      />
      <Column header="Usuario" pt={etiqueta("Usuario")} body={(h: HistoricoEntrada) => h.usuario ?? ""} />
    </DataTable>
  );
}
