/**
 * One upload of "Autoridades de confianza": a CA certificate or a CRL. A form of the kit
 * (useFormulario): the file required, the server's refusal under the field (named as the API's
 * multipart field), a refusal takes the focus there; a failure with no answer is told by the cache.
 */
import { Button } from "primereact/button";
import { z } from "zod";
import { CampoSelectorArchivo } from "../../../components/formulario/CampoSelectorArchivo";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { notify } from "../../../lib/toast";
import { type TipoAutoridad, useSubirAutoridad } from "../api/subir-autoridad";

/** The upload's field, named as the API's multipart field (CAMPO_CERTIFICADO). */
interface Formulario {
  Archivo: File | null;
}
const CAMPOS = ["Archivo"] as const satisfies readonly (keyof Formulario)[];
const esquema = z.object({
  Archivo: z.custom<File>().refine((v) => v instanceof File, "Seleccione un archivo."),
});

export function SubirAutoridad({ tipo, etiqueta, boton }: { tipo: TipoAutoridad; etiqueta: string; boton: string }) {
  const id = `rfa-subir-${tipo}`;
  const subir = useSubirAutoridad();
  const { control, handleSubmit, reset, setError, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: { Archivo: null },
    esquema,
    campos: CAMPOS,
  });
  const enviar = handleSubmit(({ Archivo }) => {
    if (!Archivo) return;
    subir.mutate(
      { tipo, archivo: Archivo },
      {
        onSuccess: (r) => {
          if (r.success) {
            notify.success(r.message);
            return reset();
          }
          // A refusal that names no field is said on the file's.
          const otros = Object.values(erroresServidor(r.errors)).flat();
          const ninguno = Object.keys(r.errors ?? {}).length === 0;
          if (ninguno || otros.length > 0) setError("Archivo", { type: "servidor", message: otros[0] ?? r.message });
          fallo();
        },
      },
    );
  }, fallo);
  return (
    <form ref={contenedor} className="rfa-subir" onSubmit={enviar} noValidate>
      <CampoSelectorArchivo
        control={control}
        name="Archivo"
        id={id}
        etiqueta={etiqueta}
        accept=".pem,.crt,.cer,.der,.crl"
        className="rfa-subir-campo"
      />
      <Button type="submit" label={boton} icon="pi pi-upload" loading={subir.isPending} />
    </form>
  );
}
