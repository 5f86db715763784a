/**
 * A screen's heading and help paragraph (contracts' ENCABEZADOS_PANTALLA). The server writes the
 * same two, with the same classes, into the page it sends for the screen's address, before any
 * script (server/src/web/marco-inicial.ts): when the screen takes over, the text stays where it
 * was drawn, at the same size.
 */
import type { EncabezadoPantalla } from "@registro/contracts";

export function Encabezado({ encabezado, idTitulo }: { encabezado: EncabezadoPantalla; idTitulo: string }) {
  return (
    <>
      <h1 id={idTitulo} className="rf-pantalla-titulo">
        {encabezado.titulo}
      </h1>
      <p className="rf-pantalla-ayuda">{encabezado.ayuda}</p>
    </>
  );
}
