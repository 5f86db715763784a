/** What the frame shows when the session's user data could not be loaded: retry, or sign out. */
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";

export function ErrorSesion(p: { reintentar: () => void; reintentando: boolean; salir: () => void }) {
  return (
    <main className="rf-error-sesion">
      <h1>No se pudieron cargar los datos de su sesión</h1>
      <p>{MSG.errorInterno}</p>
      <div className="rf-error-sesion-acciones">
        <Button type="button" label="Reintentar" icon="pi pi-refresh" onClick={p.reintentar} loading={p.reintentando} />
        <Button type="button" label="Cerrar sesión" icon="pi pi-sign-out" outlined onClick={p.salir} />
      </div>
    </main>
  );
}
