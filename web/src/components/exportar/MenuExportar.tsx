/**
 * "Exportar" on a list: a button whose menu offers CSV or Excel. The file holds every row
 * the list's current search, filters and sort select (all pages); the server streams it and the
 * browser saves it under the list's name and the date.
 */
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Menu } from "primereact/menu";
import type { MenuItem } from "primereact/menuitem";
import { useRef, useState } from "react";
import { descargarArchivo } from "../../lib/api-client";
import { notify } from "../../lib/toast";

export type ConsultaExportar = Record<string, string | number | undefined>;

export function MenuExportar({
  lista,
  consulta = {},
  etiqueta = "Exportar",
}: {
  lista: string;
  consulta?: ConsultaExportar;
  etiqueta?: string;
}) {
  const menu = useRef<Menu>(null);
  const [ocupado, setOcupado] = useState(false);

  const descargar = async (formato: "csv" | "xlsx") => {
    const params = new URLSearchParams({ formato });
    for (const [k, v] of Object.entries(consulta)) {
      // Paging is the screen's, not the file's: the file holds every page.
      if (v !== undefined && v !== "" && k !== "page" && k !== "rows") params.set(k, String(v));
    }
    setOcupado(true);
    try {
      await descargarArchivo(`api/Exportar/${lista}?${params.toString()}`, `${lista.toLowerCase()}.${formato}`);
    } catch {
      notify.error(MSG.errorExportar);
    } finally {
      setOcupado(false);
    }
  };
  const opciones: MenuItem[] = [
    { label: "CSV (.csv)", icon: "pi pi-file", command: () => void descargar("csv") },
    { label: "Excel (.xlsx)", icon: "pi pi-file-excel", command: () => void descargar("xlsx") },
  ];

  return (
    <>
      <Menu model={opciones} popup ref={menu} id={`exportar-${lista}`} />
      <Button
        type="button"
        label={etiqueta}
        icon="pi pi-download"
        severity="secondary"
        outlined
        loading={ocupado}
        aria-haspopup
        aria-controls={`exportar-${lista}`}
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}
