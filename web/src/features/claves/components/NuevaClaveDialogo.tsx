/**
 * The "Nueva clave de sistema" dialog: name, operations, allowed addresses and expiry of a new key.
 * A react-hook-form form checked with the API's schema (the addresses as typed, one per line; the
 * expiry as typed, dd/mm/aaaa); the server's field errors land under their fields, and a refused
 * form takes the focus to its first error.
 */
import {
  ALCANCES_CLAVE,
  type AlcanceClave,
  type Errores,
  MSG,
  NOMBRE_ALCANCE,
  zFechaEscrita,
  zNuevaClave,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { useId } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { Dialogo } from "../../../components/Dialogo";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useEmitirClave } from "../api/emitir-clave";

/** The form's fields, named as the API names them; the addresses and the expiry are the text typed. */
interface Formulario {
  nombre: string;
  alcances: AlcanceClave[];
  direcciones: string;
  expira: string;
}
const CAMPOS = ["nombre", "alcances", "direcciones", "expira"] as const;
const INICIALES: Formulario = { nombre: "", alcances: ["verificacion"], direcciones: "", expira: "" };

const lista = (texto: string) =>
  texto
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

// The API's schema; the addresses' first refusal is said on the one field that holds them all.
const esquema = zNuevaClave.extend({
  direcciones: z.string().transform((texto, ctx) => {
    const r = zNuevaClave.shape.direcciones.safeParse(lista(texto));
    if (!r.success) {
      ctx.addIssue({ code: "custom", message: r.error.issues[0]?.message ?? MSG.claveDireccionInvalida });
      return z.NEVER;
    }
    return r.data;
  }),
  expira: zFechaEscrita,
});

/** The server names an address's error by its place in the list (`direcciones.1`): the field's. */
const porCampo = (errores: Errores | undefined): Errores =>
  Object.fromEntries(Object.entries(errores ?? {}).map(([k, v]) => [k.replace(/\.\d+$/, ""), v]));

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (name, purpose, addresses, expiry, events) in the screen's order, each field a few props of one `control`.
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
  // Not a <form>: as before, Enter in a field does not issue a key; the footer's button does.
  const { control, handleSubmit, reset, contenedor, fallo, erroresServidor } = useFormulario<
    Formulario,
    HTMLDivElement
  >({
    defaultValues: INICIALES,
    esquema,
    campos: CAMPOS,
  });

  const enviar = handleSubmit((leida) => {
    // The schema's output: the addresses as a list, the expiry as YYYY-MM-DD or null.
    const v = leida as unknown as {
      nombre: string;
      alcances: AlcanceClave[];
      direcciones: string[];
      expira: string | null;
    };
    emitir.mutate(
      { nombre: v.nombre, alcances: v.alcances, direcciones: v.direcciones, expira: v.expira },
      {
        onSuccess: (r) => {
          if (!r.success) {
            erroresServidor(porCampo((r as { errors?: Errores }).errors));
            fallo();
            return;
          }
          reset(INICIALES);
          onEmitida(r.clave, r.data.nombre);
        },
        onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
      },
    );
  }, fallo);

  return (
    <Dialogo
      header="Nueva clave de sistema"
      visible={visible}
      onHide={onHide}
      style={{ width: "36rem", maxWidth: "95vw" }}
      footer={
        <>
          <Button type="button" label="Cancelar" severity="secondary" outlined onClick={onHide} />
          <Button
            type="button"
            label="Emitir clave"
            icon="pi pi-key"
            loading={emitir.isPending}
            onClick={() => void enviar()}
          />
        </>
      }
    >
      <div ref={contenedor} className="rf-claves-formulario">
        <Controller
          control={control}
          name="nombre"
          render={({ field, fieldState: { error } }) => (
            <>
              <label htmlFor={`${id}-nombre`}>Sistema</label>
              <InputText
                id={`${id}-nombre`}
                ref={field.ref}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                invalid={!!error}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-nombre-error` : undefined}
                placeholder="Banco, ministerio u oficina que la usará"
              />
              {error && (
                <small id={`${id}-nombre-error`} className="p-error">
                  {error.message}
                </small>
              )}
            </>
          )}
        />
        <Controller
          control={control}
          name="alcances"
          render={({ field, fieldState: { error } }) => (
            <>
              <fieldset className="rf-claves-alcances" aria-describedby={error ? `${id}-alcances-error` : undefined}>
                <legend>Operaciones permitidas</legend>
                {ALCANCES_CLAVE.map((a) => (
                  <div key={a} className="rf-claves-alcance">
                    <Checkbox
                      inputId={`${id}-${a}`}
                      checked={field.value.includes(a)}
                      onChange={(e) =>
                        field.onChange(e.checked ? [...field.value, a] : field.value.filter((x) => x !== a))
                      }
                      aria-invalid={error ? true : undefined}
                    />
                    <label htmlFor={`${id}-${a}`}>{NOMBRE_ALCANCE[a]}</label>
                  </div>
                ))}
              </fieldset>
              {error && (
                <small id={`${id}-alcances-error`} className="p-error">
                  {error.message}
                </small>
              )}
            </>
          )}
        />
        <Controller
          control={control}
          name="direcciones"
          render={({ field, fieldState: { error } }) => (
            <>
              <label htmlFor={`${id}-direcciones`}>Direcciones permitidas (opcional)</label>
              <InputTextarea
                id={`${id}-direcciones`}
                ref={field.ref}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                rows={3}
                invalid={!!error}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-direcciones-ayuda${error ? ` ${id}-direcciones-error` : ""}`}
              />
              <small id={`${id}-direcciones-ayuda`}>
                Una dirección IP o rango CIDR por línea (por ejemplo, 200.88.10.0/24). Vacío: desde cualquier dirección.
              </small>
              {error && (
                <small id={`${id}-direcciones-error`} className="p-error">
                  {error.message}
                </small>
              )}
            </>
          )}
        />
        <Controller
          control={control}
          name="expira"
          render={({ field, fieldState: { error } }) => (
            <>
              <label htmlFor={`${id}-expira`}>Vence el (opcional)</label>
              <SelectorFecha
                inputId={`${id}-expira`}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                minDate={new Date()}
                error={error?.message}
              />
            </>
          )}
        />
      </div>
    </Dialogo>
  );
}
