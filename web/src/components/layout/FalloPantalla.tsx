/**
 * What shows when a screen, or the app itself, cannot be drawn: a heading, the reason and a
 * button that loads the page again (after an update the new page names the new files). Only React
 * and the entry's stylesheet: the entry draws it when the app's own code did not arrive (main.tsx),
 * and the router where a screen's code did not, or failed while drawing (ErrorDeRuta).
 * With `marco`, the app's top bar above it: there is no frame of the app's to show it in.
 */
import { APP_NOMBRE_CORTO, MSG_CARGA } from "@registro/contracts";
import { useId } from "react";

interface Props {
  titulo: string;
  mensaje: string;
  marco?: boolean;
}

export function FalloPantalla({ titulo, mensaje, marco = false }: Props) {
  const id = useId();
  const cuerpo = (
    <section className="rf-pantalla rf-fallo" aria-labelledby={`${id}-titulo`}>
      <h1 id={`${id}-titulo`} className="rf-pantalla-titulo">
        {titulo}
      </h1>
      <p className="rf-pantalla-ayuda" role="alert">
        {mensaje}
      </p>
      <div>
        <button type="button" className="p-button p-component" onClick={() => window.location.reload()}>
          <span className="p-button-icon p-button-icon-left pi pi-refresh" aria-hidden="true" />
          <span className="p-button-label">{MSG_CARGA.recargarPagina}</span>
        </button>
      </div>
    </section>
  );
  if (!marco) return cuerpo;
  return (
    <>
      <header className="rf-arranque-barra">{APP_NOMBRE_CORTO}</header>
      <main className="rf-content">{cuerpo}</main>
    </>
  );
}
