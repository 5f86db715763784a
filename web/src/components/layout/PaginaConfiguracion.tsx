/**
 * The shell of a page opened from the Configuración menu (issue 36: one shell, not four copies):
 * a card with the page's title, its actions and "Volver" (back to the menu) on one line that wraps,
 * then the page's content. `clase` keeps the page's own class on the card for its own rules.
 */
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import "./pagina-configuracion.css";

interface Props {
  /** The heading's id (the card is labelled by it). */
  idTitulo: string;
  titulo: string;
  /** The page's own class, on the card. */
  clase?: string;
  /** Buttons before "Volver". */
  acciones?: ReactNode;
  /** Where "Volver" leads; the Configuración menu by default. */
  volverA?: string;
  children: ReactNode;
}

export function PaginaConfiguracion({
  idTitulo,
  titulo,
  clase,
  acciones,
  volverA = "/Configuracion",
  children,
}: Props) {
  const navigate = useNavigate();
  return (
    <section className={clase ? `rf-config-pagina ${clase}` : "rf-config-pagina"} aria-labelledby={idTitulo}>
      <div className="rf-config-pagina-cabecera">
        <h1 id={idTitulo}>{titulo}</h1>
        <div className="rf-config-pagina-acciones">
          {acciones}
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() => navigate(volverA)}
          />
        </div>
      </div>
      {children}
    </section>
  );
}
