/** The dashboard's table of the officials whose signature is "Por vencer". */
import { type FuncionarioPorVencer, MSG, type Tablero } from "@registro/contracts";
import { formatearFecha } from "../../../../lib/formato";
import { EnlaceSolicitud, type RutaDetalle } from "./EnlaceSolicitud";

export function PorVencer({ porVencer, rutaDetalle }: { porVencer: Tablero["porVencer"]; rutaDetalle: RutaDetalle }) {
  return (
    <section className="rft-tarjeta rft-ancha" aria-labelledby="rft-por-vencer">
      <h2 id="rft-por-vencer">{MSG.tableroPorVencer(porVencer.dias)}</h2>
      {porVencer.total === 0 ? (
        <p>{MSG.tableroSinPorVencer}</p>
      ) : (
        <>
          <p>
            {MSG.tableroPorVencerTotal(porVencer.total)}{" "}
            {porVencer.total > porVencer.funcionarios.length && MSG.tableroPorVencerMas(porVencer.funcionarios.length)}
          </p>
          <div className="rft-desplazable">
            <table className="rft-tabla">
              <caption className="rf-sr-only">{MSG.tableroPorVencer(porVencer.dias)}</caption>
              <thead>
                <tr>
                  <th scope="col">{MSG.tableroFuncionario}</th>
                  <th scope="col">{MSG.tableroCargo}</th>
                  <th scope="col">{MSG.tableroInstitucion}</th>
                  <th scope="col">{MSG.tableroVence}</th>
                  <th scope="col">{MSG.tableroSolicitud}</th>
                </tr>
              </thead>
              <tbody>
                {porVencer.funcionarios.map((f: FuncionarioPorVencer) => (
                  <tr key={f.idFuncionario}>
                    <td>
                      {f.nombres} {f.apellidos}
                    </td>
                    <td>{f.cargo}</td>
                    <td>{f.institucion}</td>
                    <td>{formatearFecha(f.fechaHasta)}</td>
                    <td>
                      <EnlaceSolicitud id={f.idSolicitud} rutaDetalle={rutaDetalle} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
