/** The 'Histórico Estatus' tab: every status the request passed through, with date-time (12 h) and reason. */
import { type HistoricoEntrada, MSG } from "@registro/contracts";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { useHistorico } from "./api/get-historico";
import { formatearFechaHora12 } from "./formato";

export function HistoricoTab({ idSolicitud }: { idSolicitud: number }) {
  const historico = useHistorico(idSolicitud);
  return (
    <DataTable
      value={historico.data ?? []}
      loading={historico.isLoading}
      emptyMessage={MSG.sinRegistros}
      size="small"
      stripedRows
      pt={{ table: { "aria-label": "Histórico Estatus" } as Record<string, string> }}
    >
      <Column field="estatus" header="Estatus" />
      <Column
        header="Fecha"
        body={(h: HistoricoEntrada) => <span className="rf-nowrap">{formatearFechaHora12(h.fecha)}</span>}
      />
      <Column
        header="Motivo"
        body={(h: HistoricoEntrada) => <span className="rf-texto-libre">{h.motivoCambioEstatus}</span>}
      />
      <Column header="Usuario" body={(h: HistoricoEntrada) => h.usuario ?? ""} />
    </DataTable>
  );
}
