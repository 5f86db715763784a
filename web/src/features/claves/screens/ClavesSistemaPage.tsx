/**
 * "Claves de sistema" (configuration administrator): the keys issued to banks' and ministries'
 * systems for the verification API, with their operations, allowed addresses, expiry and last use;
 * a new key (shown once, with a copy button) and the revocation of one.
 */
import {
  ALCANCES_CLAVE,
  type AlcanceClave,
  type ClaveSistema,
  type Errores,
  leerFechaEscrita,
  MSG,
  NOMBRE_ALCANCE,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Column } from "primereact/column";
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { Tag } from "primereact/tag";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Dialogo } from "../../../components/Dialogo";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useClavesSistema, useEmitirClave, useRevocarClave } from "../api/claves";
import "../claves.css";

const fechaHora = new Intl.DateTimeFormat("es-DO", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Santo_Domingo",
});
const fecha = (iso: string) => iso.split("-").reverse().join("/");

function Estado({ c }: { c: ClaveSistema }) {
  if (c.estado === "revocada") return <Tag severity="danger" value="Revocada" />;
  if (c.estado === "vencida") return <Tag severity="warning" value="Vencida" />;
  return <Tag severity="success" value="Activa" />;
}

async function copiar(texto: string, campo: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(texto);
    return true;
  } catch {
    if (!campo) return false;
    campo.select();
    return document.execCommand("copy");
  }
}

function NuevaClaveDialogo({
  visible,
  onHide,
  onEmitida,
}: {
  visible: boolean;
  onHide: () => void;
  onEmitida: (clave: string, nombre: string) => void;
}) {
  const id = useId();
  const emitir = useEmitirClave();
  const [nombre, setNombre] = useState("");
  const [alcances, setAlcances] = useState<AlcanceClave[]>(["verificacion"]);
  const [direcciones, setDirecciones] = useState("");
  const [expira, setExpira] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const error = (campo: string) =>
    errores[campo]?.[0] ?? Object.entries(errores).find(([k]) => k.startsWith(`${campo}.`))?.[1][0];

  const enviar = () => {
    const leida = leerFechaEscrita(expira);
    if ("error" in leida && leida.error) {
      setErrores({ expira: [leida.error] });
      return;
    }
    const lista = direcciones
      .split(/[\s,;]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    emitir.mutate(
      { nombre, alcances, direcciones: lista, expira: "fecha" in leida ? (leida.fecha ?? null) : null },
      {
        onSuccess: (r) => {
          if (!r.success) {
            setErrores((r as { errors?: Errores }).errors ?? {});
            return;
          }
          setErrores({});
          setNombre("");
          setDirecciones("");
          setExpira("");
          setAlcances(["verificacion"]);
          onEmitida(r.clave, r.data.nombre);
        },
        onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
      },
    );
  };

  return (
    <Dialogo
      header="Nueva clave de sistema"
      visible={visible}
      onHide={onHide}
      style={{ width: "36rem", maxWidth: "95vw" }}
      footer={
        <>
          <Button type="button" label="Cancelar" severity="secondary" outlined onClick={onHide} />
          <Button type="button" label="Emitir clave" icon="pi pi-key" loading={emitir.isPending} onClick={enviar} />
        </>
      }
    >
      <div className="rf-claves-formulario">
        <label htmlFor={`${id}-nombre`}>Sistema</label>
        <InputText
          id={`${id}-nombre`}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
          invalid={!!error("nombre")}
          aria-describedby={error("nombre") ? `${id}-nombre-error` : undefined}
          placeholder="Banco, ministerio u oficina que la usará"
        />
        {error("nombre") && (
          <small id={`${id}-nombre-error`} className="p-error">
            {error("nombre")}
          </small>
        )}
        <fieldset
          className="rf-claves-alcances"
          aria-describedby={error("alcances") ? `${id}-alcances-error` : undefined}
        >
          <legend>Operaciones permitidas</legend>
          {ALCANCES_CLAVE.map((a) => (
            <div key={a} className="rf-claves-alcance">
              <Checkbox
                inputId={`${id}-${a}`}
                checked={alcances.includes(a)}
                onChange={(e) => setAlcances((l) => (e.checked ? [...l, a] : l.filter((x) => x !== a)))}
              />
              <label htmlFor={`${id}-${a}`}>{NOMBRE_ALCANCE[a]}</label>
            </div>
          ))}
        </fieldset>
        {error("alcances") && (
          <small id={`${id}-alcances-error`} className="p-error">
            {error("alcances")}
          </small>
        )}
        <label htmlFor={`${id}-direcciones`}>Direcciones permitidas (opcional)</label>
        <InputTextarea
          id={`${id}-direcciones`}
          value={direcciones}
          onChange={(e) => setDirecciones(e.target.value)}
          rows={3}
          invalid={!!error("direcciones")}
          aria-describedby={`${id}-direcciones-ayuda${error("direcciones") ? ` ${id}-direcciones-error` : ""}`}
        />
        <small id={`${id}-direcciones-ayuda`}>
          Una dirección IP o rango CIDR por línea (por ejemplo, 200.88.10.0/24). Vacío: desde cualquier dirección.
        </small>
        {error("direcciones") && (
          <small id={`${id}-direcciones-error`} className="p-error">
            {error("direcciones")}
          </small>
        )}
        <label htmlFor={`${id}-expira`}>Vence el (opcional)</label>
        <SelectorFecha
          inputId={`${id}-expira`}
          value={expira}
          onChange={setExpira}
          minDate={new Date()}
          error={error("expira")}
        />
      </div>
    </Dialogo>
  );
}

export default function ClavesSistemaPage() {
  const navigate = useNavigate();
  const id = useId();
  const lista = useClavesSistema();
  const revocar = useRevocarClave();
  const [nueva, setNueva] = useState(false);
  const [emitida, setEmitida] = useState<{ clave: string; nombre: string } | null>(null);
  const campo = useRef<HTMLInputElement>(null);

  const pedirRevocar = (c: ClaveSistema) =>
    confirmDialog({
      group: "claves",
      header: "Confirmación",
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
    <section className="rf-claves" aria-labelledby="claves-titulo">
      <ConfirmDialog group="claves" />
      <div className="rf-claves-cabecera">
        <h1 id="claves-titulo">Claves de sistema</h1>
        <div className="rf-claves-acciones">
          <Button type="button" label="Nueva clave" icon="pi pi-plus" onClick={() => setNueva(true)} />
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() => navigate("/Configuracion")}
          />
        </div>
      </div>
      <p>
        Un sistema (un banco, un ministerio) llama a la verificación con su clave en la cabecera{" "}
        <code>Authorization: ApiKey …</code> o <code>X-Api-Key</code>; cada llamada queda en la auditoría con el nombre
        del sistema. Revoque la clave de un sistema que ya no deba llamar.
      </p>
      <DataTable
        value={lista.data ?? []}
        dataKey="idClave"
        loading={lista.isFetching && !lista.data}
        emptyMessage="No se ha emitido ninguna clave."
        stripedRows
        size="small"
        aria-labelledby="claves-titulo"
      >
        <Column header="Sistema" field="nombre" />
        <Column header="Clave" body={(c: ClaveSistema) => <code>{c.prefijo}…</code>} />
        <Column header="Operaciones" body={(c: ClaveSistema) => c.alcances.map((a) => NOMBRE_ALCANCE[a]).join(", ")} />
        <Column
          header="Direcciones"
          body={(c: ClaveSistema) => (c.direcciones.length ? c.direcciones.join(", ") : "Cualquiera")}
        />
        <Column header="Vence" body={(c: ClaveSistema) => (c.expira ? fecha(c.expira) : "Sin vencimiento")} />
        <Column
          header="Último uso"
          body={(c: ClaveSistema) =>
            c.ultimoUso ? `${fechaHora.format(new Date(c.ultimoUso))} (${c.ultimaDireccion ?? ""})` : "Nunca"
          }
        />
        <Column header="Estado" body={(c: ClaveSistema) => <Estado c={c} />} />
        <Column
          header="Acciones"
          body={(c: ClaveSistema) =>
            c.estado === "revocada" ? null : (
              <Button
                type="button"
                label="Revocar"
                icon="pi pi-ban"
                severity="danger"
                text
                aria-label={`Revocar la clave de ${c.nombre}`}
                onClick={() => pedirRevocar(c)}
              />
            )
          }
        />
      </DataTable>
      <NuevaClaveDialogo
        visible={nueva}
        onHide={() => setNueva(false)}
        onEmitida={(clave, nombre) => {
          setNueva(false);
          setEmitida({ clave, nombre });
        }}
      />
      <Dialogo
        header="Clave emitida"
        visible={emitida !== null}
        onHide={() => setEmitida(null)}
        style={{ width: "40rem", maxWidth: "95vw" }}
        closeOnEscape={false}
        footer={<Button type="button" label="Entendido" icon="pi pi-check" onClick={() => setEmitida(null)} />}
      >
        {emitida && (
          <div className="rf-claves-emitida">
            <p>
              Entregue esta clave al responsable de <strong>{emitida.nombre}</strong> por un medio seguro.
            </p>
            <label htmlFor={`${id}-clave`}>Clave de sistema</label>
            <div className="rf-claves-valor">
              <input id={`${id}-clave`} ref={campo} className="p-inputtext" readOnly value={emitida.clave} />
              <Button
                type="button"
                label="Copiar"
                icon="pi pi-copy"
                onClick={async () => {
                  if (await copiar(emitida.clave, campo.current)) notify.success("Clave copiada al portapapeles.");
                  else notify.warn("No se pudo copiar la clave; selecciónela y cópiela manualmente.");
                }}
              />
            </div>
            <p className="rf-claves-aviso" role="note">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.claveEmitida}
            </p>
          </div>
        )}
      </Dialogo>
    </section>
  );
}
