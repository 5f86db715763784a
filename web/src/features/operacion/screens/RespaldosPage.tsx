/**
 * "Respaldos" (configuration administrator): when the last good backup was made, whether the app
 * makes them every day and where, the last backups with their result, and a button for one now.
 */
import { MSG, type Respaldo } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Tag } from "primereact/tag";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useIniciarRespaldo, useRespaldos } from "../api/respaldos";
import "../operacion.css";
import { PaginaConfiguracion } from "../../../components/layout/PaginaConfiguracion";
import { formatearFechaHora, formatearTamano } from "../../../lib/formato";

const ms = (iso: string) => new Date(iso).getTime();

function tamano(bytes: number | null): string {
  if (bytes === null) return "—";
  return formatearTamano(bytes);
}

function hace(iso: string): string {
  const horas = Math.floor((Date.now() - ms(iso)) / 3_600_000);
  if (horas < 1) return "hace menos de una hora";
  if (horas < 48) return `hace ${horas} ${horas === 1 ? "hora" : "horas"}`;
  return `hace ${Math.floor(horas / 24)} días`;
}

function Resultado({ r }: { r: Respaldo }) {
  if (r.exito === null) return <Tag severity="info" value="En curso" />;
  if (r.exito) return <Tag severity="success" value="Correcto" />;
  return <Tag severity="danger" value="Fallido" />;
}

export default function RespaldosPage() {
  const estado = useRespaldos();
  const iniciar = useIniciarRespaldo();
  const datos = estado.data;
  const enCurso = datos?.respaldos.some((r) => r.fin === null) ?? false;
  const antiguo = datos?.ultimoExito ? Date.now() - ms(datos.ultimoExito) > 26 * 3_600_000 : true;

  return (
    <PaginaConfiguracion
      idTitulo="respaldos-titulo"
      titulo="Respaldos"
      clase="rf-respaldos"
      acciones={
        datos?.programados && (
          <Button
            type="button"
            label="Respaldar ahora"
            icon="pi pi-database"
            disabled={iniciar.isPending || enCurso}
            onClick={() =>
              iniciar.mutate(undefined, {
                onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
                onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
              })
            }
          />
        )
      }
    >
      {datos && (
        <div className="rf-respaldos-resumen">
          <p
            className={`rf-respaldos-estado ${antiguo ? "rf-respaldos-antiguo" : "rf-respaldos-reciente"}`}
            role="status"
          >
            <i className={antiguo ? "pi pi-exclamation-triangle" : "pi pi-check-circle"} aria-hidden="true" />{" "}
            {datos.ultimoExito
              ? `Último respaldo correcto: ${formatearFechaHora(datos.ultimoExito)} (${hace(datos.ultimoExito)}).`
              : "Todavía no hay ningún respaldo correcto."}
          </p>
          <p>
            {datos.programados
              ? `La aplicación hace un respaldo cada día a las ${String(datos.hora).padStart(2, "0")}:00 en ${datos.carpeta} y conserva los de los últimos ${datos.conservarDias} días.`
              : MSG.respaldosNoConfigurados}{" "}
            Copie los respaldos fuera de este servidor, y la clave de auditoría aparte de ellos.
          </p>
        </div>
      )}
      <DataTable
        value={datos?.respaldos ?? []}
        dataKey="idRespaldo"
        loading={estado.isFetching && !datos}
        emptyMessage="No se ha hecho ningún respaldo."
        stripedRows
        size="small"
        aria-labelledby="respaldos-titulo"
      >
        <Column header="Inicio" body={(r: Respaldo) => formatearFechaHora(r.inicio)} />
        <Column header="Tipo" body={(r: Respaldo) => (r.programado ? "Diario" : "A pedido")} />
        <Column header="Resultado" body={(r: Respaldo) => <Resultado r={r} />} />
        <Column header="Tamaño" body={(r: Respaldo) => tamano(r.bytes)} />
        <Column
          header="Archivo o error"
          body={(r: Respaldo) => (
            <span className="rf-respaldos-archivo">{r.exito === false ? r.error : (r.archivo ?? "—")}</span>
          )}
        />
      </DataTable>
    </PaginaConfiguracion>
  );
}
