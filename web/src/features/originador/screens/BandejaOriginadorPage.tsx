/**
 * The originator's inbox 'Solicitudes de Firma' (SPEC.md screens 5 and 18): the institution's
 * requests, newest first, paged, sorted and searched on the server, with the row actions each
 * status allows (DESIGN.md §4).
 */
import "../originador.css";
import { type BandejaItem, ENCABEZADOS_PANTALLA, ESTATUS, V } from "@registro/contracts";
import { Button } from "primereact/button";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { AccionBandeja, AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import {
  type ColumnaBandeja,
  columnaCantFuncionarios,
  columnaCedula,
  columnaEstatus,
  columnaFecha,
  columnaIncumbente,
  columnaNumeroSolicitud,
} from "../../../components/bandeja/columnas";
import { BANDEJA_ORIGINADOR } from "../bandeja";
import { estatusOriginador, puedeEditar, RUTA } from "../reglas";

// The deactivation dialog (a form with a file and its validation) loads when it is first opened,
// not with the inbox.
const InactivarFirmaDialog = lazy(() =>
  import("../components/InactivarFirmaDialog").then((m) => ({ default: m.InactivarFirmaDialog })),
);

const texto = (s: BandejaItem) => estatusOriginador(s.estatusSolitud, s.estatus, s.colorEstatus).texto;
const color = (s: BandejaItem) => estatusOriginador(s.estatusSolitud, s.estatus, s.colorEstatus).color;

const COLUMNAS: ColumnaBandeja[] = [
  columnaNumeroSolicitud,
  columnaCedula,
  columnaIncumbente,
  columnaCantFuncionarios,
  columnaEstatus(texto, color),
  columnaFecha,
];

export default function BandejaOriginadorPage() {
  const navigate = useNavigate();
  const [inactivar, setInactivar] = useState<number | null>(null);
  const [dialogoUsado, setDialogoUsado] = useState(false);
  if (inactivar !== null && !dialogoUsado) setDialogoUsado(true);
  return (
    <div className="rfo-bandeja">
      <BandejaTabla
        {...BANDEJA_ORIGINADOR}
        exportar="Originador"
        titulo="Solicitudes de Firma"
        ayuda={ENCABEZADOS_PANTALLA[V.ORIGINADOR].ayuda}
        columnas={COLUMNAS}
        barra={<Button label="Nueva solicitud" icon="pi pi-plus" onClick={() => navigate(RUTA.nueva)} />}
        acciones={(s) => (
          <>
            <AccionVer to={RUTA.detalles(s.idSolicitud)} />
            {puedeEditar(s.estatusSolitud) && (
              <AccionBandeja
                etiqueta="Editar solicitud"
                icono="pi pi-pencil"
                onClick={() => navigate(RUTA.editar(s.idSolicitud))}
              />
            )}
            {s.estatusSolitud === ESTATUS.ACTIVA && (
              <AccionBandeja
                etiqueta="Agregar funcionarios"
                icono="pi pi-user-plus"
                severity="success"
                onClick={() => navigate(RUTA.nuevoFuncionario(s.idSolicitud))}
              />
            )}
            {s.estatusSolitud === ESTATUS.ACTIVA && (
              <AccionBandeja
                etiqueta="Solicitar inactivación"
                icono="pi pi-ban"
                severity="danger"
                onClick={() => setInactivar(s.idSolicitud)}
              />
            )}
          </>
        )}
      />
      {dialogoUsado && (
        <Suspense fallback={null}>
          <InactivarFirmaDialog idSolicitud={inactivar} onHide={() => setInactivar(null)} />
        </Suspense>
      )}
    </div>
  );
}
