/** The inbox's toolbar above its rows: the search box and the filters the inbox offers. */
import { MSG } from "@registro/contracts";
import { Checkbox } from "primereact/checkbox";
import { Dropdown } from "primereact/dropdown";
import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { useMemo } from "react";
import type { OpcionFiltro } from "./columnas";
import type { ConsultaPagina } from "./tipos";
import type { CambiosConsulta } from "./use-consulta-bandeja";
import { useInstituciones } from "./use-instituciones";

/** Avisos: the expiry filter's options. */
const OPCIONES_VENCIMIENTO = [
  { value: "porVencer", label: "Por vencer" },
  { value: "vencidas", label: "Vencidas" },
];

/**
 * PrimeReact's Dropdown carries an unlabelled hidden <select>, and puts aria-activedescendant on its
 * root div (a role that does not allow it) while focused: keep both away from assistive tech.
 */
const PT_DROPDOWN = {
  root: { "aria-activedescendant": undefined },
  select: { "aria-hidden": true },
} as const;

interface Props {
  /** Prefix of the controls' ids. */
  id: string;
  consulta: ConsultaPagina;
  actualizar: (cambios: CambiosConsulta) => void;
  busqueda: string;
  setBusqueda: (texto: string) => void;
  filtroInstitucion: boolean;
  opcionesEstatus?: readonly OpcionFiltro[];
  filtroVencimiento: boolean;
  filtroAsignadas: boolean;
  filtroEspera: boolean;
}

export function FiltrosBandeja({
  id,
  consulta,
  actualizar,
  busqueda,
  setBusqueda,
  filtroInstitucion,
  opcionesEstatus,
  filtroVencimiento,
  filtroAsignadas,
  filtroEspera,
}: Props) {
  const instituciones = useInstituciones(filtroInstitucion);
  const opcionesInstitucion = useMemo(
    () => (instituciones.data ?? []).map((i) => ({ label: i.nombre, value: i.idInstitucionFirma })),
    [instituciones.data],
  );

  return (
    <div className="rf-bandeja-filtros">
      <div className="rf-bandeja-filtro">
        <label htmlFor={`${id}-q`}>Buscar</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${id}-q`}
            type="search"
            value={busqueda}
            placeholder="Buscar..."
            onChange={(e) => setBusqueda(e.target.value)}
          />
        </IconField>
      </div>
      {filtroInstitucion && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-institucion`}>Institución</label>
          <Dropdown
            inputId={`${id}-institucion`}
            value={consulta.institucion ?? null}
            options={opcionesInstitucion}
            onChange={(e) => actualizar({ institucion: e.value ?? undefined })}
            placeholder="Todas las instituciones"
            showClear
            filter
            filterPlaceholder="Buscar institución"
            emptyMessage={MSG.sinRegistros}
            emptyFilterMessage={MSG.sinRegistros}
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
      {opcionesEstatus && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-estatus`}>Estatus</label>
          <Dropdown
            inputId={`${id}-estatus`}
            value={consulta.estatus ?? null}
            options={[...opcionesEstatus]}
            onChange={(e) => actualizar({ estatus: e.value ?? undefined })}
            placeholder="Todos los estatus"
            showClear
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
      {filtroVencimiento && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-vencimiento`}>Vencimiento</label>
          <Dropdown
            inputId={`${id}-vencimiento`}
            value={consulta.vencimiento ?? null}
            options={OPCIONES_VENCIMIENTO}
            onChange={(e) => actualizar({ vencimiento: e.value ?? undefined })}
            placeholder="Todas las firmas"
            showClear
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
      {filtroAsignadas && (
        <div className="rf-bandeja-casilla">
          <Checkbox
            inputId={`${id}-asignadas`}
            checked={consulta.asignadas === "mias"}
            onChange={(e) => actualizar({ asignadas: e.checked ? "mias" : undefined })}
          />
          <label htmlFor={`${id}-asignadas`}>Mis asignadas</label>
        </div>
      )}
      {filtroEspera && (
        <div className="rf-bandeja-casilla">
          <Checkbox
            inputId={`${id}-espera`}
            checked={consulta.espera === "larga"}
            onChange={(e) => actualizar({ espera: e.checked ? "larga" : undefined })}
          />
          <label htmlFor={`${id}-espera`}>En espera prolongada</label>
        </div>
      )}
    </div>
  );
}
