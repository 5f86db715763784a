/**
 * The bell in the top bar: the unread count, and a panel with the latest notices (text, date,
 * read or unread; all, unread only or read only) that opens the request a notice is about. It asks
 * for news every few seconds; until the first answer it is marked busy, its count not yet known.
 */
import type { EstadoAviso } from "@registro/contracts";
import iconoCampana from "primeicons/raw-svg/bell.svg?raw";
import type { OverlayPanel } from "primereact/overlaypanel";
import { lazy, Suspense, type SyntheticEvent, useCallback, useRef, useState } from "react";
import { IconoSvg } from "../../components/IconoSvg";
import { useAvisos } from "./api/get-avisos";
import "./avisos.css";

// Performance: the panel is closed when a screen opens and is on every signed-in screen; its code
// (PrimeReact's OverlayPanel, SelectButton, Button) is loaded and mounted the first time the bell is
// pressed, so the frame's first render carries only the bell and its count.
const PanelAvisos = lazy(async () => ({ default: (await import("./PanelAvisos")).PanelAvisos }));

export function CampanaAvisos() {
  const panel = useRef<OverlayPanel | null>(null);
  const [estado, setEstado] = useState<EstadoAviso>("todos");
  const { data } = useAvisos(estado);
  const [panelCargado, setPanelCargado] = useState(false);
  // The bell pressed before the panel's code had arrived: the panel opens under it once mounted.
  const pendiente = useRef<HTMLElement | null>(null);
  const alMontarPanel = useCallback(() => {
    const campana = pendiente.current;
    pendiente.current = null;
    if (campana) panel.current?.show({ currentTarget: campana } as unknown as SyntheticEvent, campana);
  }, []);
  const noLeidos = data?.noLeidos ?? 0;
  const etiqueta = noLeidos === 0 ? "Avisos: ninguno sin leer" : `Avisos: ${noLeidos} sin leer`;

  return (
    <>
      <button
        type="button"
        className="rf-icon-button rf-campana"
        onClick={(e) => {
          if (panel.current) panel.current.toggle(e);
          else {
            pendiente.current = e.currentTarget;
            setPanelCargado(true);
          }
        }}
        aria-label={etiqueta}
        aria-busy={data === undefined ? true : undefined}
        aria-haspopup="dialog"
        aria-controls="rf-panel-avisos"
      >
        <IconoSvg svg={iconoCampana} caja="2.75 2.75 18.5 18.5" />
        {noLeidos > 0 && (
          <span className="rf-campana-cuenta" aria-hidden="true">
            {noLeidos > 99 ? "99+" : noLeidos}
          </span>
        )}
      </button>
      {panelCargado && (
        <Suspense fallback={null}>
          <PanelAvisos
            ref={panel}
            alMontar={alMontarPanel}
            panel={panel}
            data={data}
            estado={estado}
            setEstado={setEstado}
          />
        </Suspense>
      )}
    </>
  );
}
