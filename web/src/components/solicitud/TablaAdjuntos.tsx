/**
 * A table of stored files (icon, nombre, tipoAdjunto, tamaño); choosing one opens the viewer.
 * Used for a request's documents, an official's documents and the deactivation evidence.
 */
import { type Adjunto, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { useState } from "react";
import { formatearTamano } from "../../lib/formato";
import { VisorAdjunto } from "./VisorAdjunto";
import "./solicitud.css";

/** How each stored document kind reads on screen. */
export const NOMBRE_TIPO_ADJUNTO: Record<string, string> = {
  Oficio: "Oficio",
  Cedula: "Cédula",
  Designacion: "Designación o Decreto",
  Tarjeta: "Tarjeta de Firmas",
  Evidencia: "Evidencia",
};

export interface TablaAdjuntosProps {
  adjuntos: Adjunto[];
  cargando?: boolean;
  /** Accessible name of the table. */
  etiqueta: string;
}

export function TablaAdjuntos({ adjuntos, cargando = false, etiqueta }: TablaAdjuntosProps) {
  const [abierto, setAbierto] = useState<Adjunto | null>(null);
  return (
    <>
      <DataTable
        value={adjuntos}
        dataKey="idAdjunto"
        loading={cargando}
        emptyMessage={MSG.sinArchivos}
        size="small"
        stripedRows
        rowClassName={() => "rf-fila-clicable"}
        onRowClick={(e) => setAbierto(e.data as Adjunto)}
        pt={{ table: { "aria-label": etiqueta } as Record<string, string> }}
      >
        <Column
          header={<span className="rf-sr-only">Tipo de archivo</span>}
          body={(a: Adjunto) => <i className={`${a.icono} rf-icono-adjunto`} role="img" aria-label={esPdfTexto(a)} />}
          style={{ width: "3rem" }}
        />
        <Column
          header="Nombre"
          body={(a: Adjunto) => (
            <Button
              type="button"
              link
              className="rf-enlace-adjunto"
              label={a.nombre}
              aria-label={`Ver ${a.nombre}`}
              onClick={(e) => {
                e.stopPropagation();
                setAbierto(a);
              }}
            />
          )}
        />
        <Column header="Tipo" body={(a: Adjunto) => NOMBRE_TIPO_ADJUNTO[a.tipoAdjunto] ?? a.tipoAdjunto} />
        <Column header="Tamaño" body={(a: Adjunto) => formatearTamano(a.tamaño)} style={{ whiteSpace: "nowrap" }} />
      </DataTable>
      <VisorAdjunto adjunto={abierto} onHide={() => setAbierto(null)} />
    </>
  );
}

function esPdfTexto(a: Adjunto): string {
  return a.icono.includes("pdf") ? "PDF" : "Imagen";
}
