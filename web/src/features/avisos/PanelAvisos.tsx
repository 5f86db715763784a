/**
 * The bell's panel (PrimeReact's OverlayPanel, SelectButton and Button), in its own chunk: the bell
 * (CampanaAvisos) loads and mounts it the first time it is pressed.
 */
import { type EstadoAviso, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { OverlayPanel } from "primereact/overlaypanel";
import { SelectButton } from "primereact/selectbutton";
import { type Ref, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatearFechaHora } from "../../lib/formato";
import type { useAvisos } from "./api/get-avisos";
import { useMarcarLeido, useMarcarTodosLeidos } from "./api/marcar-leidos";

const FILTROS: { label: string; value: EstadoAviso }[] = [
  { label: "Todos", value: "todos" },
  { label: "No leídos", value: "noLeidos" },
  { label: "Leídos", value: "leidos" },
];
const SIN_AVISOS = { noLeidos: "No tiene avisos sin leer.", leidos: "No tiene avisos leídos." } as const;

export function PanelAvisos(p: {
  ref: Ref<OverlayPanel>;
  /** Called once the panel can be opened (see below). */
  alMontar: () => void;
  panel: { current: OverlayPanel | null };
  data: ReturnType<typeof useAvisos>["data"];
  estado: EstadoAviso;
  setEstado: (e: EstadoAviso) => void;
}) {
  const { data, estado, setEstado, panel, alMontar } = p;
  // PrimeReact's overlay puts its portal in the page in a mount effect of its own; opened before
  // that render is committed, it would skip placing itself under the bell. This state is set in the
  // same effects pass, so its render is that one (or later): the next effect may open it.
  const [montado, setMontado] = useState(false);
  useEffect(() => setMontado(true), []);
  useEffect(() => {
    if (montado) alMontar();
  }, [montado, alMontar]);
  const marcar = useMarcarLeido();
  const todos = useMarcarTodosLeidos();
  const noLeidos = data?.noLeidos ?? 0;
  return (
    <OverlayPanel
      ref={p.ref}
      id="rf-panel-avisos"
      className="rf-panel-avisos"
      pt={{ root: { role: "dialog", "aria-label": "Avisos" } as Record<string, string> }}
    >
      <div className="rf-avisos-cabecera">
        <h2>Avisos</h2>
        <Button
          type="button"
          label="Marcar todas como leídas"
          link
          size="small"
          disabled={noLeidos === 0 || todos.isPending}
          onClick={() => todos.mutate()}
        />
      </div>
      <SelectButton
        className="rf-avisos-filtro"
        value={estado}
        options={FILTROS}
        allowEmpty={false}
        onChange={(e) => e.value && setEstado(e.value)}
        aria-label="Mostrar avisos"
      />
      {data && data.rows.length === 0 ? (
        <p className="rf-avisos-vacio">{estado === "todos" ? MSG.sinAvisos : SIN_AVISOS[estado]}</p>
      ) : (
        <ul className="rf-avisos-lista">
          {data?.rows.map((a) => (
            <li key={a.idAviso} className={a.leido ? "rf-aviso" : "rf-aviso rf-aviso-nuevo"}>
              <Link
                to={a.enlace}
                onClick={() => {
                  if (!a.leido) marcar.mutate(a.idAviso);
                  panel.current?.hide();
                }}
              >
                <span className="rf-aviso-titulo">
                  {!a.leido && <span className="rf-sr-only">No leído: </span>}
                  {a.titulo}
                </span>
                <span className="rf-aviso-texto">{a.texto}</span>
                {a.detalle && <span className="rf-aviso-detalle">{a.detalle}</span>}
                <span className="rf-aviso-fecha">{formatearFechaHora(a.fecha)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </OverlayPanel>
  );
}
