/** The "Nueva clave de sistema" dialog: name, operations, allowed addresses and expiry of a new key. */
import {
  ALCANCES_CLAVE,
  type AlcanceClave,
  type Errores,
  leerFechaEscrita,
  MSG,
  NOMBRE_ALCANCE,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { useId, useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useEmitirClave } from "../api/claves";

export function NuevaClaveDialogo({
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
