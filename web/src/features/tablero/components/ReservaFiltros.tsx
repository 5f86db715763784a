/**
 * The filters' room while their code arrives (FiltrosTablero, a chunk of its own): the same grid,
 * labels and note, with each control's box at its drawn size (the two buttons wrap where they do), so the filters replace it without
 * moving anything on screen.
 */
import { MSG } from "@registro/contracts";

export function ReservaFiltros() {
  return (
    <div className="rft-filtros rft-filtros-reserva" aria-hidden="true">
      {[MSG.tableroDesde, MSG.tableroHasta, MSG.tableroInstitucion].map((etiqueta) => (
        <div key={etiqueta} className="rft-campo">
          <span>{etiqueta}</span>
          <span className="rft-control-reserva" />
        </div>
      ))}
      <div className="rft-acciones">
        <span className="rft-control-reserva rft-reserva-aplicar" />
        <span className="rft-control-reserva rft-reserva-limpiar" />
      </div>
      <p className="rft-nota">{MSG.tableroFiltrosAyuda}</p>
    </div>
  );
}
