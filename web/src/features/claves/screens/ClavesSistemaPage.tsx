/**
 * "Claves de sistema" (configuration administrator): the keys issued to banks' and ministries'
 * systems for the verification API, with their operations, allowed addresses, expiry and last use;
 * a new key (shown once, with a copy button) and the revocation of one; under them, the change
 * notifications sent to subscribed systems (NotificacionesEnviadas).
 */
import { type ClaveSistema, MSG, NOMBRE_ALCANCE } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { Tag } from "primereact/tag";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useClavesSistema } from "../api/get-claves";
import { useRevocarClave } from "../api/revocar-clave";
import { ClaveEmitidaDialogo } from "../components/ClaveEmitidaDialogo";
import { NotificacionesEnviadas } from "../components/NotificacionesEnviadas";
import { NuevaClaveDialogo } from "../components/NuevaClaveDialogo";
import "../claves.css";
import "../../../components/bandeja/bandeja.css";
import { PaginaConfiguracion } from "../../../components/layout/PaginaConfiguracion";
import { formatearFecha, formatearFechaHora } from "../../../lib/formato";

// On a phone each key is a stacked card, as the other tables (bandeja.css: rf-tabla-apilable).
const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

function Estado({ c }: { c: ClaveSistema }) {
  if (c.estado === "revocada") return <Tag severity="danger" value="Revocada" />;
  if (c.estado === "vencida") return <Tag severity="warning" value="Vencida" />;
  return <Tag severity="success" value="Activa" />;
}

export default function ClavesSistemaPage() {
  const lista = useClavesSistema();
  const revocar = useRevocarClave();
  const [nueva, setNueva] = useState(false);
  const [emitida, setEmitida] = useState<{ clave: string; nombre: string } | null>(null);

  const pedirRevocar = (c: ClaveSistema) =>
    confirmDialog({
      group: "claves",
      header: "Revocar clave",
      message: `¿Revocar la clave de «${c.nombre}»? El sistema que la usa dejará de poder llamar desde ahora.`,
      icon: "pi pi-exclamation-triangle",
      acceptLabel: "Revocar",
      rejectLabel: "No",
      defaultFocus: "reject",
      acceptClassName: "p-button-danger",
      accept: () =>
        revocar.mutate(c.idClave, {
          onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
          onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
        }),
    });

  return (
    <PaginaConfiguracion
      idTitulo="claves-titulo"
      titulo="Claves de sistema"
      clase="rf-claves"
      acciones={<Button type="button" label="Nueva clave" icon="pi pi-plus" onClick={() => setNueva(true)} />}
    >
      <ConfirmDialog group="claves" />
      <p>
        Un sistema (un banco, un ministerio) llama a la verificación, o se suscribe a las notificaciones de cambios, con
        su clave en la cabecera <code>Authorization: ApiKey …</code> o <code>X-Api-Key</code>; cada llamada queda en la
        auditoría con el nombre del sistema. Revoque la clave de un sistema que ya no deba llamar.
      </p>
      <TablaClaves claves={lista.data} cargando={lista.isFetching && !lista.data} onRevocar={pedirRevocar} />
      <NuevaClaveDialogo
        visible={nueva}
        onHide={() => setNueva(false)}
        onEmitida={(clave, nombre) => {
          setNueva(false);
          setEmitida({ clave, nombre });
        }}
      />
      <ClaveEmitidaDialogo emitida={emitida} onHide={() => setEmitida(null)} />
      <NotificacionesEnviadas />
    </PaginaConfiguracion>
  );
}

/** The keys issued: who, what they may call, from where, until when, last use, state; Revocar on a live one. */
function TablaClaves(props: {
  claves: ClaveSistema[] | undefined;
  cargando: boolean;
  onRevocar: (c: ClaveSistema) => void;
}) {
  const { claves, cargando, onRevocar } = props;
  return (
    <DataTable
      value={claves ?? []}
      dataKey="idClave"
      loading={cargando}
      emptyMessage="No se ha emitido ninguna clave."
      stripedRows
      size="small"
      aria-labelledby="claves-titulo"
      className="rf-tabla-apilable"
    >
      <Column header="Sistema" pt={etiqueta("Sistema")} field="nombre" />
      <Column header="Clave" pt={etiqueta("Clave")} body={(c: ClaveSistema) => <code>{c.prefijo}…</code>} />
      <Column
        header="Operaciones"
        pt={etiqueta("Operaciones")}
        body={(c: ClaveSistema) => c.alcances.map((a) => NOMBRE_ALCANCE[a]).join(", ")}
      />
      <Column
        header="Direcciones"
        pt={etiqueta("Direcciones")}
        body={(c: ClaveSistema) => (c.direcciones.length ? c.direcciones.join(", ") : "Cualquiera")}
      />
      <Column
        header="Vence"
        pt={etiqueta("Vence")}
        body={(c: ClaveSistema) => (c.expira ? formatearFecha(c.expira) : "Sin vencimiento")}
      />
      <Column
        header="Último uso"
        pt={etiqueta("Último uso")}
        body={(c: ClaveSistema) =>
          c.ultimoUso ? `${formatearFechaHora(c.ultimoUso)} (${c.ultimaDireccion ?? ""})` : "Nunca"
        }
      />
      <Column header="Estado" pt={etiqueta("Estado")} body={(c: ClaveSistema) => <Estado c={c} />} />
      <Column
        header="Acciones"
        pt={etiqueta("Acciones")}
        body={(c: ClaveSistema) =>
          c.estado === "revocada" ? null : (
            <Button
              type="button"
              label="Revocar"
              icon="pi pi-ban"
              severity="danger"
              text
              aria-label={`Revocar la clave de ${c.nombre}`}
              onClick={() => onRevocar(c)}
            />
          )
        }
      />
    </DataTable>
  );
}
